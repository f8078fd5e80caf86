public import NavCore

/// `nav.lighting_mode.v1`: the suggested lighting mode changed (`didChangeSuggestedLightingMode`).
public struct LightingModeSuggestion: Codable, Sendable, Equatable {
    /// The suggested mode.
    public var mode: LightingMode
    /// The sun's elevation above the horizon at the vehicle, in degrees (−90…90, without refraction),
    /// from which the suggestion was made.
    public var sunElevationDegrees: Double

    public init(mode: LightingMode, sunElevationDegrees: Double) {
        self.mode = mode
        self.sunElevationDegrees = sunElevationDegrees
    }
}
