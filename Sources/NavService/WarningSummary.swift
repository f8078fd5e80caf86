public import NavCore

/// Turns a stream of similar warnings into one summary line per interval, so a flood of bad input (50,000
/// garbage messages) costs a handful of log lines instead of 50,000.
///
/// The first warning of a quiet period is logged at once, so a single problem is seen without delay; the
/// ones that follow within the interval are counted and summarised by ``flush(now:)`` with the latest example.
/// Not thread-safe: use it from the thread that reports (a reactor).
public final class WarningSummary {
    /// Seconds between two summaries.
    public static let defaultInterval = 10.0

    private let label: String
    private let interval: Double
    private let emit: (String) -> Void
    private var suppressed: UInt64 = 0
    private var latest: String?
    private var quietSince = -Double.infinity

    /// - Parameters:
    ///   - label: what is counted, e.g. `rejected` (the summary reads "rejected: 49999 more in the last 10 s").
    ///   - emit: writes one line (a logger's `warning`).
    public init(label: String, interval: Double = WarningSummary.defaultInterval, emit: @escaping (String) -> Void) {
        self.label = label
        self.interval = interval
        self.emit = emit
    }

    /// Summarises into `logger` at warning level.
    public convenience init(label: String, logger: Logger, interval: Double = WarningSummary.defaultInterval) {
        self.init(label: label, interval: interval) { logger.warning($0) }
    }

    /// Reports one warning: logged now when none was logged within the interval, otherwise counted.
    public func note(_ message: String, now: Double = MonotonicClock.seconds()) {
        if suppressed == 0, now - quietSince >= interval {
            quietSince = now
            emit("\(label): \(message)")
            return
        }
        suppressed += 1
        latest = message
    }

    /// Logs the summary of what was counted since the last line, if anything.
    public func flush(now: Double = MonotonicClock.seconds()) {
        guard suppressed > 0, let latest else { return }
        emit("\(label): \(suppressed) more in the last \(Int(interval)) s; latest: \(latest)")
        suppressed = 0
        self.latest = nil
        quietSince = now
    }
}
