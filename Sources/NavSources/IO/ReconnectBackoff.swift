/// Exponential back-off between reconnect attempts: quick retries when a daemon restarts, no busy loop
/// when it stays down.
public struct ReconnectBackoff: Sendable, Equatable {
    /// First wait in seconds.
    public var initial: Double
    /// Longest wait in seconds.
    public var maximum: Double
    /// Growth per failed attempt.
    public var factor: Double
    private var current: Double?

    public init(initial: Double = 0.5, maximum: Double = 10, factor: Double = 2) {
        self.initial = initial
        self.maximum = maximum
        self.factor = factor
    }

    /// The wait before the next attempt; each call lengthens the following one.
    public mutating func next() -> Double {
        let wait = current ?? initial
        current = min(maximum, wait * factor)
        return wait
    }

    /// Back to the initial wait, after a connection that worked.
    public mutating func reset() {
        current = nil
    }
}
