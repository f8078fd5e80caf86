/// The display lighting suggested for the light conditions at the vehicle.
public enum LightingMode: String, Hashable, Codable, Sendable {
    /// Daylight colours.
    case normal
    /// Night colours.
    case lowLight
}
