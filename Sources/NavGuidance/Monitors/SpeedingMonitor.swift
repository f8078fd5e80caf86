import NavCore

/// Grades speed against the limit with ``SpeedAlertOptions``: minor beyond the minor percentage, major
/// beyond the major percentage or after speeding lasted the upgrade duration. Reports on every
/// change of severity and at least once a second while speeding.
struct SpeedingMonitor: Hashable, Codable, Sendable {
    private var severity: SpeedingSeverity?
    private var speedingSince: Double?
    private var lastReportTime: Double?

    /// Seconds between reports while the severity stays the same and the driver is speeding.
    static let repeatInterval = 1.0

    mutating func reset() {
        self = SpeedingMonitor()
    }

    mutating func observe(speed: Double, limit: Double?, time: Double, options: SpeedAlertOptions) -> GuidanceEvent? {
        var percentage = 0.0
        let current: SpeedingSeverity
        if let limit, limit > 0 {
            percentage = max(0, (speed / limit - 1) * 100)
            if percentage > options.majorPercentage {
                current = .major
            } else if percentage > options.minorPercentage {
                current = .minor
            } else {
                current = .notSpeeding
            }
        } else {
            current = .unknown
        }
        var graded = current
        if current == .minor || current == .major {
            let since = speedingSince ?? time
            speedingSince = since
            if current == .minor && time - since >= options.severityUpgradeDurationSeconds {
                graded = .major
            }
        } else {
            speedingSince = nil
        }
        let speeding = graded == .minor || graded == .major
        let repeatDue = speeding && lastReportTime.map { time - $0 >= Self.repeatInterval } ?? true
        guard graded != severity || repeatDue else { return nil }
        severity = graded
        lastReportTime = time
        return .speeding(percentage: percentage, severity: graded, speed: speed, limit: limit)
    }
}
