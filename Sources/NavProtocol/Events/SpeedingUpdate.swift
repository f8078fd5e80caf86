public import NavCore

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
