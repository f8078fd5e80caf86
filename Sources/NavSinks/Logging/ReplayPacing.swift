public import NavProtocol

/// When a replay sends each recorded message: at the original spacing of the envelope times, divided by `rate`.
///
/// Offsets are measured from the first message of a pass, so a pass starts at once. A message stamped earlier
/// than the first one (a log that is not in time order) is due at once rather than never.
public struct ReplayPacing: Sendable {
    /// How many times faster than recorded; 2 replays an hour in 30 minutes.
    public let rate: Double
    private var firstTime: Timestamp?

    public init(rate: Double) {
        precondition(rate > 0 && rate.isFinite, "the replay rate must be a positive number")
        self.rate = rate
    }

    /// Seconds after the start of the pass at which the message stamped `time` is due.
    public mutating func offset(for time: Timestamp) -> Double {
        guard let firstTime else {
            self.firstTime = time
            return 0
        }
        return max(0, time.seconds(since: firstTime)) / rate
    }

    /// Starts a new pass (for `--loop`).
    public mutating func restart() { firstTime = nil }
}
