/// A display lighting mode.
public enum LightingMode: String, Hashable, Codable, Sendable, CaseIterable {
    /// Daylight colours.
    case normal
    /// Night colours, for dusk and darkness.
    case lowLight
}
