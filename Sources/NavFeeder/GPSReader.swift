import NavCore
import Foundation
import NavBus
import NavProtocol
import NavSources
import Synchronization

/// Runs a blocking GPS source on a thread of its own and hands its fixes to the reactor thread, which
/// collects them with ``takeFixes()``: the bus sockets stay on the reactor thread, the reader never touches them.
///
/// The reader wakes the reactor through an `inproc` PAIR socket when the first fix of a batch arrives (or when
/// it ends), so the loop blocks on its sockets instead of polling for fixes.
final class GPSReader: Sendable {
    /// How the reader ended, once it has.
    enum Outcome: Sendable {
        /// A finite input (file, GPX, standard input) was read to its end.
        case inputEnded
        /// The source could not be opened or failed for good.
        case failed(String)
    }

    /// Fixes kept while the reactor is behind; a stale position is worth less than a fresh one, so the oldest
    /// go first.
    static let capacity = 10_000

    private struct Shared {
        var pending: [GPSFix] = []
        var outcome: Outcome?
        var dropped = 0
        /// Whether a wake-up is in flight that the reactor has not acknowledged yet.
        var wakePending = false
    }

    private let shared = Mutex(Shared())
    private let finished = DispatchSemaphore(value: 0)
    private let source: any GPSFixSource
    private let stopFlag = StopFlag()
    private let context: ZMQContext
    private let wakeEndpoint: String

    /// - Parameter wakeEndpoint: the `inproc` endpoint of a PAIR socket the reactor has bound and polls; it
    ///   receives a frame when fixes wait or the reader ended.
    init(source: any GPSFixSource, context: ZMQContext, wakeEndpoint: String) {
        self.source = source
        self.context = context
        self.wakeEndpoint = wakeEndpoint
    }

    /// Starts reading on a new thread.
    func start() {
        let thread = Thread { [self] in
            // The sending end belongs to this thread alone, as libzmq requires of a socket.
            let waker = try? context.socket(.pair)
            try? waker?.connect(wakeEndpoint)
            let result: Outcome
            do {
                try source.run(stop: stopFlag) { fix in
                    if deliver(fix) { _ = try? waker?.send([1], dontWait: true) }
                }
                result = .inputEnded
            } catch {
                result = .failed("\(error)")
            }
            shared.withLock { $0.outcome = result }
            _ = try? waker?.send([0], dontWait: true)
            waker?.close()
            finished.signal()
        }
        thread.name = "navbus-feeder-gps"
        thread.start()
    }

    /// Call from the reactor's handler, after emptying the wake-up socket and before ``takeFixes()``: the next
    /// fix sends a new wake-up.
    func acknowledgeWake() {
        shared.withLock { $0.wakePending = false }
    }

    /// The fixes read since the last call, oldest first.
    func takeFixes() -> [GPSFix] {
        shared.withLock { state in
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
    }

    /// How the reader ended, `nil` while it runs. Fixes it read before may still wait in ``takeFixes()``.
    var result: Outcome? { shared.withLock { $0.outcome } }

    /// Fixes dropped because the reactor did not collect them in time.
    var droppedFixes: Int { shared.withLock { $0.dropped } }

    /// Asks the reader to stop and waits up to `timeout` seconds for its thread to end.
    /// - Returns: whether it ended in time.
    @discardableResult
    func stop(timeout: Double) -> Bool {
        stopFlag.requestStop()
        guard finished.wait(timeout: .now() + timeout) == .success else { return false }
        finished.signal()  // later callers see it ended too
        return true
    }

    /// Queues a fix. - Returns: whether the reactor needs a wake-up (none is in flight).
    private func deliver(_ fix: GPSFix) -> Bool {
        shared.withLock { state in
            if state.pending.count >= Self.capacity {
                state.pending.removeFirst()
                state.dropped += 1
            }
            state.pending.append(fix)
            defer { state.wakePending = true }
            return !state.wakePending
        }
    }
}
