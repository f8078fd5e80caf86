import Dispatch
import Synchronization

/// The contraction hierarchy a ``Router`` answers on, which may arrive after the router has started: a navigator
/// on a large map answers with the reference search (exact, only slower) while its hierarchy and saved metric are
/// still being read and checked, and on the hierarchy from the moment they are in.
final class ArrivingHierarchy: Sendable {
    /// The hierarchy and whether one is still on its way, changed together so that no reader sees one without
    /// the other.
    private struct Slot {
        var hierarchy: ContractionHierarchy?
        var onItsWay: Bool
    }

    private let slot: Mutex<Slot>
    private let arrival = DispatchSemaphore(value: 0)

    /// A hierarchy known at once (or none at all).
    convenience init(_ hierarchy: ContractionHierarchy?) {
        self.init(Slot(hierarchy: hierarchy, onItsWay: false))
    }

    private init(_ slot: Slot) {
        self.slot = Mutex(slot)
    }

    /// One that ``settle(_:)`` will bring.
    static func expected() -> ArrivingHierarchy {
        ArrivingHierarchy(Slot(hierarchy: nil, onItsWay: true))
    }

    /// The hierarchy as of now: nil while it is still on its way, or when there is none.
    var current: ContractionHierarchy? { slot.withLock { $0.hierarchy } }

    /// Whether a hierarchy is still on its way.
    var isExpected: Bool { slot.withLock { $0.onItsWay } }

    /// Ends the wait: with the hierarchy, or with none when it could not be had (the reference search goes on
    /// answering).
    func settle(_ arrived: ContractionHierarchy?) {
        let wasExpected = slot.withLock { slot in
            defer { slot = Slot(hierarchy: arrived, onItsWay: false) }
            return slot.onItsWay
        }
        if wasExpected { arrival.signal() }
    }

    /// Waits until the hierarchy is settled (at once when none is expected).
    /// - Returns: false when that had not happened within `seconds`.
    func waitUntilSettled(seconds: Double) -> Bool {
        guard isExpected else { return true }
        let deadline: DispatchTime = seconds.isFinite ? .now() + seconds : .distantFuture
        guard arrival.wait(timeout: deadline) == .success else { return false }
        // Passed on, so that every other waiter wakes as well.
        arrival.signal()
        return true
    }

    /// How many polls (each after 4,096 settled states) a reference search runs while the hierarchy is on its way
    /// before it stops to wait for it: beyond that the trip is long, and on a map large enough to read its
    /// hierarchy after the start, the search would take seconds, and the cores the reading needs.
    static let pollsBeforeWaiting = 16
    /// The longest such a search waits before it goes on (the hierarchy may be being built: minutes).
    static let longestWait = 10.0

    /// The cancellation check for a reference search that runs while the hierarchy is on its way: it stops the
    /// search once the hierarchy is in (the request is then answered on that), and a long search waits for it
    /// instead of competing with its reading. `isCanceled` (the caller's) is heard throughout, also while waiting.
    func stopWhenArrived(isCanceled: (@Sendable () -> Bool)?) -> @Sendable () -> Bool {
        let polls = PollCount()
        return { [self] in
            if isCanceled?() == true || current != nil { return true }
            guard polls.next() == Self.pollsBeforeWaiting else { return false }
            let deadline = DispatchTime.now() + Self.longestWait
            while DispatchTime.now() < deadline, isExpected, isCanceled?() != true {
                _ = waitUntilSettled(seconds: 0.05)
            }
            return isCanceled?() == true || current != nil
        }
    }

    private final class PollCount: Sendable {
        private let count = Atomic<Int>(0)
        func next() -> Int { count.wrappingAdd(1, ordering: .relaxed).newValue }
    }
}
