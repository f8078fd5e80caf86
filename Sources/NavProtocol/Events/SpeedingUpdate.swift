/// `nav.speeding.v1`: how far the vehicle is above the speed limit (`didUpdateSpeedingPercentage`)
/// and the resulting speed-alert severity.
public struct SpeedingUpdate: Codable, Sendable, Equatable {
    /// Percentage above the limit, e.g. 12.5 at 45 km/h in a 40 zone; 0 at or below the limit.
    public var percentageAboveLimit: Double
    /// The severity from the navigator's `speedAlertOptions`.
    public var severity: SpeedingSeverity
    /// Current speed in m/s.
    public var speed: Double
    /// The speed limit in m/s; absent when unknown (severity is then `unknown`).
    public var speedLimit: Double?

    public init(percentageAboveLimit: Double, severity: SpeedingSeverity, speed: Double, speedLimit: Double?) {
        self.percentageAboveLimit = percentageAboveLimit
        self.severity = severity
        self.speed = speed
        self.speedLimit = speedLimit
    }
}

/// The navigator's judgement of the current speed against the limit.
public enum SpeedingSeverity: String, Codable, Sendable, CaseIterable {
    /// At or below the limit, or above it by less than the minor percentage.
    case notSpeeding
    /// At least `minorPercentage` above the limit.
    case minor
    /// At least `majorPercentage` above the limit for `severityUpgradeDurationSeconds`.
    case major
    /// The speed limit is not known.
    case unknown
}
