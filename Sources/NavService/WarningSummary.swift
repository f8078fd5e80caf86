public import NavBus
import Synchronization

/// Turns a stream of similar warnings into one summary line per interval, so a flood of bad input (50,000
/// garbage messages) costs a handful of log lines instead of 50,000.
///
/// The first warning of a quiet period is logged at once, so a single problem is seen without delay; the
/// ones that follow within the interval are counted and summarised by ``flush()`` with the first and the
/// latest example. Thread-safe.
public final class WarningSummary: Sendable {
    /// Seconds between two summaries, unless the owner flushes more often.
    public static let defaultInterval = 10.0

    private struct State {
        var suppressed: UInt64 = 0
        var latest: String?
        var quietSince = -Double.infinity
    }

    private let label: String
    private let logger: Logger
    private let interval: Double
    private let state = Mutex(State())

    /// - Parameters:
    ///   - label: what is counted, e.g. `rejected` (the summary reads "rejected 49,999 more in 10 s").
    public init(label: String, logger: Logger, interval: Double = WarningSummary.defaultInterval) {
        self.label = label
        self.logger = logger
        self.interval = interval
    }

    /// Reports one warning: logged now when none was logged within the interval, otherwise counted.
    public func note(_ message: String, now: Double = MonotonicClock.seconds()) {
        let logNow = state.withLock { state -> Bool in
            if state.suppressed == 0, now - state.quietSince >= interval {
                state.quietSince = now
                return true
            }
            state.suppressed += 1
            state.latest = message
            return false
        }
        if logNow { logger.warning("\(label): \(message)") }
    }

    /// Logs the summary of what was counted since the last line, if anything.
    public func flush(now: Double = MonotonicClock.seconds()) {
        let summary = state.withLock { state -> (UInt64, String)? in
            guard state.suppressed > 0, let latest = state.latest else { return nil }
            defer {
                state.suppressed = 0
                state.latest = nil
                state.quietSince = now
            }
            return (state.suppressed, latest)
        }
        guard let (count, latest) = summary else { return }
        logger.warning("\(label): \(count) more in the last \(Int(interval)) s; latest: \(latest)")
    }
}
