import Dispatch
import Synchronization

/// The contraction hierarchy a ``Router`` answers on, which may arrive after the router has started: a navigator
/// on a large map answers with the reference search (exact, only slower) while its hierarchy and saved metric are
/// still being read and checked, and on the hierarchy from the moment they are in.
final class ArrivingHierarchy: Sendable {
    private let hierarchy: Mutex<ContractionHierarchy?>
    private let onItsWay = Mutex<Bool>(false)
    private let arrival = DispatchSemaphore(value: 0)

    /// A hierarchy known at once (or none at all).
    init(_ hierarchy: ContractionHierarchy?) {
        self.hierarchy = Mutex(hierarchy)
    }

    /// One that ``settle(_:)`` will bring.
    static func expected() -> ArrivingHierarchy {
        let slot = ArrivingHierarchy(nil)
        slot.onItsWay.withLock { $0 = true }
        return slot
    }

    /// The hierarchy as of now: nil while it is still on its way, or when there is none.
    var current: ContractionHierarchy? { hierarchy.withLock { $0 } }

    /// Whether a hierarchy is still on its way.
    var isExpected: Bool { onItsWay.withLock { $0 } }

    /// Ends the wait: with the hierarchy, or with none when it could not be had (the reference search goes on
    /// answering).
    func settle(_ arrived: ContractionHierarchy?) {
        hierarchy.withLock { $0 = arrived }
        let wasExpected = onItsWay.withLock { waiting in
            defer { waiting = false }
            return waiting
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
}
