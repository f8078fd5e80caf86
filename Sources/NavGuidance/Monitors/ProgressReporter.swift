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

    /// At an arrival, remaining time and distance go to zero; like any other value, the zero is sent when
    /// it differs from the last value sent by at least the threshold (so always with the default
    /// thresholds of 1 s and 1 m), while state and nav info show zero whatever the thresholds.
    mutating func reportArrival(options: GuidanceOptions, into events: inout [GuidanceEvent]) {
        if lastTime.map({ $0 >= options.timeUpdateThreshold }) ?? true {
            lastTime = 0
            events.append(.remainingTime(seconds: 0))
        }
        if lastDistance.map({ $0 >= options.distanceUpdateThreshold }) ?? true {
            lastDistance = 0
            events.append(.remainingDistance(meters: 0))
        }
    }

    /// Whether nav info is due at fix time `time`; if so, remembers that it was sent.
    mutating func navInfoDue(at time: Double, interval: Double) -> Bool {
        if let lastNavInfoTime, time - lastNavInfoTime < interval { return false }
        lastNavInfoTime = time
        return true
    }
}

extension ProgressReporter {
    private enum CodingKeys: String, CodingKey {
        case lastTime, lastDistance, lastDelay, lastNavInfoTime
    }

    /// Decodes a saved reporter. The release before issue 11 saved the delay category as its number; such a
    /// value is forgotten, so the category is sent once more after the restore.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lastTime = try container.decodeIfPresent(Double.self, forKey: .lastTime)
        lastDistance = try container.decodeIfPresent(Double.self, forKey: .lastDistance)
        lastDelay = (try? container.decodeIfPresent(DelayCategory.self, forKey: .lastDelay)) ?? nil
        lastNavInfoTime = try container.decodeIfPresent(Double.self, forKey: .lastNavInfoTime)
    }
}
