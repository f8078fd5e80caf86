/// `alert.speeding.v1`: the speeding alerter raised, changed or cleared a speed alert.
///
/// The alerter publishes only on changes. `raised` is `true` when this message starts or escalates an
/// alert and `false` when it lowers or clears one; a cleared alert has severity `none`
/// (``SpeedAlertSeverity/noAlert``).
public struct SpeedAlert: Codable, Sendable, Equatable {
    /// The alert level now in force.
    public var severity: SpeedAlertSeverity
    /// When the vehicle entered this severity (for `none`: when the previous alert ended).
    public var since: Timestamp
    /// Current speed in m/s.
    public var speed: Double
    /// The speed limit in m/s, when known.
    public var speedLimit: Double?
    /// Percentage above the limit (0 at or below it).
    public var percentageAboveLimit: Double
    /// Whether this message starts or escalates an alert (as opposed to lowering or clearing it).
    public var raised: Bool

    public init(
        severity: SpeedAlertSeverity, since: Timestamp, speed: Double, speedLimit: Double?,
        percentageAboveLimit: Double, raised: Bool
    ) {
        self.severity = severity
        self.since = since
        self.speed = speed
        self.speedLimit = speedLimit
        self.percentageAboveLimit = percentageAboveLimit
        self.raised = raised
    }
}

/// The level of a speed alert, like a speedometer's warning colours.
public enum SpeedAlertSeverity: String, Codable, Sendable, CaseIterable {
    /// No alert: the vehicle is not speeding, or no longer. (Not named `none`, which Swift would
    /// confuse with `Optional.none`.)
    case noAlert = "none"
    /// The minor level (e.g. red text).
    case minor
    /// The major level (e.g. red background).
    case major
}
