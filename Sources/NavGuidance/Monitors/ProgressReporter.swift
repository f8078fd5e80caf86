import NavCore

/// Decides which progress values are worth an event: remaining time and distance only after they moved
/// by their thresholds since the last one sent, the delay category on change, nav info at its interval.
struct ProgressReporter: Hashable, Codable, Sendable {
    private var lastTime: Double?
    private var lastDistance: Double?
    private var lastDelay: DelayCategory?
    private var lastNavInfoTime: Double?

    /// Forgets what was sent, so the next values go out whatever they are (guidance start).
    mutating func reset() {
        self = ProgressReporter()
    }

    mutating func report(
        remainingTime: Double, remainingDistance: Double, delay: DelayCategory, options: GuidanceOptions,
        into events: inout [GuidanceEvent]
    ) {
        if lastTime.map({ abs(remainingTime - $0) >= options.timeUpdateThreshold }) ?? true {
            lastTime = remainingTime
            events.append(.remainingTime(seconds: remainingTime))
        }
        if lastDistance.map({ abs(remainingDistance - $0) >= options.distanceUpdateThreshold }) ?? true {
            lastDistance = remainingDistance
            events.append(.remainingDistance(meters: remainingDistance))
        }
        if lastDelay != delay {
            lastDelay = delay
            events.append(.delayCategory(delay))
        }
    }

    /// Whether nav info is due at fix time `time`; if so, remembers that it was sent.
    mutating func navInfoDue(at time: Double, interval: Double) -> Bool {
        if let lastNavInfoTime, time - lastNavInfoTime < interval { return false }
        lastNavInfoTime = time
        return true
    }
}
