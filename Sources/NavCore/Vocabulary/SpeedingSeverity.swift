/// The navigator's judgement of the current speed against the limit.
public enum SpeedingSeverity: String, Hashable, Codable, Sendable, CaseIterable {
    /// At or below the limit, or above it by less than the minor percentage.
    case notSpeeding
    /// At least `minorPercentage` above the limit.
    case minor
    /// At least `majorPercentage` above the limit for `severityUpgradeDurationSeconds`.
    case major
    /// The speed limit is not known.
    case unknown
}
