public import NavProtocol

/// The speed alert of one vehicle: turns `nav.speeding.v1` updates into raised, changed and cleared alerts with
/// hysteresis and a minimum duration (see ``SpeedAlertPolicy``).
///
/// A pure function of the updates and their message times: no clocks, no I/O. For each level it remembers since
/// when the percentage has been at or above the raise threshold and since when it has been below the clear
/// threshold; a level changes once such a condition has held for the minimum duration. Because a condition is
/// restarted by any update that breaks it, a speed oscillating around a threshold never satisfies it.
///
/// An update without a known speed limit counts as not speeding: it cannot justify an alert, and a standing alert
/// clears after the minimum duration like any other.
public struct SpeedAlertStateMachine: Sendable {
    public let policy: SpeedAlertPolicy
    /// The alert level in force.
    public private(set) var severity: SpeedAlertSeverity = .noAlert
    private var atOrAboveRaiseSince: [SpeedAlertSeverity: Timestamp] = [:]
    private var belowClearSince: [SpeedAlertSeverity: Timestamp] = [:]
    private var latest: SpeedingUpdate?
    private var latestTime: Timestamp?

    public init(policy: SpeedAlertPolicy) {
        self.policy = policy
    }

    /// Takes one update stamped with its message time.
    /// - Returns: the alert to publish when the level changed.
    public mutating func observe(_ update: SpeedingUpdate, at time: Timestamp) -> SpeedAlert? {
        if let latestTime, time < latestTime {
            // Message time went backwards (a replay started over, or the publisher's clock was stepped):
            // persistence measured against the old times means nothing, so measure it afresh.
            atOrAboveRaiseSince.removeAll()
            belowClearSince.removeAll()
        }
        latest = update
        latestTime = time
        let percentage = Self.effectivePercentage(update)
        for level in [SpeedAlertSeverity.minor, .major] {
            if percentage >= policy.raiseThreshold(level) {
                atOrAboveRaiseSince[level] = atOrAboveRaiseSince[level] ?? time
            } else {
                atOrAboveRaiseSince[level] = nil
            }
            if percentage < policy.clearThreshold(level) {
                belowClearSince[level] = belowClearSince[level] ?? time
            } else {
                belowClearSince[level] = nil
            }
        }
        return evaluate(at: time)
    }

    /// Lets message time pass without a new update: the latest update is taken to still hold at `time`.
    ///
    /// Needed because a publisher may send updates only when something changes.
    /// - Returns: the alert to publish when the level changed.
    public mutating func advance(to time: Timestamp) -> SpeedAlert? {
        guard let latestTime, time > latestTime else { return nil }
        return evaluate(at: time)
    }

    private mutating func evaluate(at now: Timestamp) -> SpeedAlert? {
        func persisted(_ since: Timestamp?) -> Timestamp? {
            guard let since, now.seconds(since: since) >= policy.minimumDuration else { return nil }
            return since
        }
        for level in [SpeedAlertSeverity.major, .minor] where level.rank > severity.rank {
            if let since = persisted(atOrAboveRaiseSince[level]) { return change(to: level, since: since) }
        }
        guard severity != .noAlert, var since = persisted(belowClearSince[severity]) else { return nil }
        var target = severity
        while target != .noAlert, let below = persisted(belowClearSince[target]) {
            since = below
            target = SpeedAlertSeverity.ascending[target.rank - 1]
        }
        return change(to: target, since: since)
    }

    private mutating func change(to level: SpeedAlertSeverity, since: Timestamp) -> SpeedAlert? {
        guard let latest else { return nil }
        let raised = level.rank > severity.rank
        severity = level
        return SpeedAlert(
            severity: level, since: since, speed: latest.speed, speedLimit: latest.speedLimit,
            percentageAboveLimit: Self.effectivePercentage(latest), raised: raised)
    }

    /// The percentage the thresholds apply to: 0 when the limit is unknown.
    static func effectivePercentage(_ update: SpeedingUpdate) -> Double {
        guard update.speedLimit != nil, update.severity != .unknown, update.percentageAboveLimit.isFinite else {
            return 0
        }
        return max(0, update.percentageAboveLimit)
    }
}
