/// How serious the current speeding is, judged with ``SpeedAlertOptions``.
public enum SpeedingSeverity: String, Hashable, Codable, Sendable {
    /// At or below the minor threshold.
    case notSpeeding
    /// Above the minor threshold.
    case minor
    /// Above the major threshold, or minor for longer than the upgrade duration.
    case major
    /// The road has no known speed limit.
    case unknown
}
