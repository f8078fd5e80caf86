/// When speeding counts as minor or major: above `minorPercentage` it is minor; above `majorPercentage`, or
/// once minor speeding has lasted `severityUpgradeDurationSeconds`, it is major.
public struct SpeedAlertOptions: Hashable, Codable, Sendable {
    /// Percentage above the limit beyond which speeding is minor (default 5).
    public var minorPercentage: Double
    /// Percentage above the limit beyond which speeding is major (default 10).
    public var majorPercentage: Double
    /// Seconds of uninterrupted minor speeding after which it is reported as major (default 5).
    public var severityUpgradeDurationSeconds: Double

    /// Creates speed alert options.
    public init(minorPercentage: Double = 5, majorPercentage: Double = 10, severityUpgradeDurationSeconds: Double = 5) {
        self.minorPercentage = minorPercentage
        self.majorPercentage = majorPercentage
        self.severityUpgradeDurationSeconds = severityUpgradeDurationSeconds
    }

    /// navbus's defaults: minor from 5 %, major from 10 % or after 5 seconds of minor speeding.
    public static let defaults = SpeedAlertOptions()
}
