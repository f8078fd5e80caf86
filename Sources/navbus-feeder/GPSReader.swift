import NavCore
import Foundation
import NavProtocol
import NavSources

/// Runs a blocking GPS source on a thread of its own and hands its fixes to the reactor thread, which
/// collects them with ``takeFixes()``: the sockets stay on the reactor thread, the reader never touches them.
final class GPSReader: @unchecked Sendable {
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

    // Unchecked: `pending`, `outcome` and `dropped` are only touched under `lock`; `source` and `stop` are
    // Sendable; `thread` is only used by the owner.
    private let lock = NSLock()
    private var pending: [GPSFix] = []
    private var outcome: Outcome?
    private var dropped = 0
    private let finished = DispatchSemaphore(value: 0)
    private let source: any GPSFixSource
    private let stopSignal = StopFlag()

    init(source: any GPSFixSource) {
        self.source = source
    }

    /// Starts reading on a new thread.
    func start() {
        let thread = Thread { [self] in
            let result: Outcome
            do {
                try source.run(stop: stopSignal) { fix in deliver(fix) }
                result = .inputEnded
            } catch {
                result = .failed("\(error)")
            }
            lock.withLock { outcome = result }
            finished.signal()
        }
        thread.name = "navbus-feeder-gps"
        thread.start()
    }

    /// The fixes read since the last call, oldest first.
    func takeFixes() -> [GPSFix] {
        lock.withLock {
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
    }

    /// How the reader ended, `nil` while it runs. Fixes it read before may still wait in ``takeFixes()``.
    var result: Outcome? { lock.withLock { outcome } }

    /// Fixes dropped because the reactor did not collect them in time.
    var droppedFixes: Int { lock.withLock { dropped } }

    /// Asks the reader to stop and waits up to `timeout` seconds for its thread to end.
    /// - Returns: whether it ended in time.
    @discardableResult
    func stop(timeout: Double) -> Bool {
        stopSignal.requestStop()
        guard finished.wait(timeout: .now() + timeout) == .success else { return false }
        finished.signal()  // later callers see it ended too
        return true
    }

    private func deliver(_ fix: GPSFix) {
        lock.withLock {
            if pending.count >= Self.capacity {
                pending.removeFirst()
                dropped += 1
            }
            pending.append(fix)
        }
    }
}
