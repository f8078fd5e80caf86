public import NavCore

/// `ui.lighting.v1`: the lighting controller applied a lighting mode and its theme.
public struct AppliedLighting: Codable, Sendable, Equatable {
    /// The mode now applied.
    public var appliedMode: LightingMode
    /// The colours of that mode.
    public var theme: Theme
    /// When the mode was applied.
    public var changedAt: Timestamp

    public init(appliedMode: LightingMode, theme: Theme, changedAt: Timestamp) {
        self.appliedMode = appliedMode
        self.theme = theme
        self.changedAt = changedAt
    }
}

/// A set of navigation UI colours, each `#RRGGBB` or `#RRGGBBAA`.
public struct Theme: Codable, Sendable, Equatable {
    /// The theme's name, e.g. `day` or `night`.
    public var name: String
    /// The navigation header's primary background.
    public var primaryBackground: String
    /// The navigation header's secondary background.
    public var secondaryBackground: String
    /// Text on the backgrounds.
    public var text: String
    /// The route line and highlights.
    public var accent: String

    public init(name: String, primaryBackground: String, secondaryBackground: String, text: String, accent: String) {
        self.name = name
        self.primaryBackground = primaryBackground
        self.secondaryBackground = secondaryBackground
        self.text = text
        self.accent = accent
    }

    /// The default daylight theme.
    public static let day = Theme(
        name: "day", primaryBackground: "#1A73E8", secondaryBackground: "#185ABC", text: "#FFFFFF",
        accent: "#4285F4")

    /// The default low-light theme.
    public static let night = Theme(
        name: "night", primaryBackground: "#202124", secondaryBackground: "#303134", text: "#E8EAED",
        accent: "#8AB4F8")
}
