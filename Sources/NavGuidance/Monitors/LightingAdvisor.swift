import NavCore

/// Suggests display lighting from the sun's elevation at the vehicle.
///
/// The switch point is sunrise/sunset, when the sun's centre is 0.833° below the geometric horizon
/// (refraction plus the sun's radius). A band of ±0.5° around it keeps the suggestion from flickering
/// when the sun hovers at the horizon, as it does for hours near the polar circles: the mode turns to
/// low light below −1.333° and back to normal above −0.333°. The first evaluation after guidance starts
/// reports the mode plainly on its side of −0.833°.
struct LightingAdvisor: Hashable, Codable, Sendable {
    private var mode: LightingMode?
    private var lastEvaluation: Double?

    /// Sun elevation in degrees where day turns to night.
    static let horizon = -0.833
    /// Half-width in degrees of the band around ``horizon`` in which the mode does not change.
    static let hysteresis = 0.5

    mutating func reset() {
        self = LightingAdvisor()
    }

    mutating func observe(latitude: Double, longitude: Double, time: Double, interval: Double) -> GuidanceEvent? {
        if let lastEvaluation, mode != nil, time - lastEvaluation < interval { return nil }
        lastEvaluation = time
        let elevation = SolarPosition.elevation(latitude: latitude, longitude: longitude, time: time)
        let suggested: LightingMode
        switch mode {
        case nil:
            suggested = elevation >= Self.horizon ? .normal : .lowLight
        case .normal?:
            suggested = elevation < Self.horizon - Self.hysteresis ? .lowLight : .normal
        case .lowLight?:
            suggested = elevation > Self.horizon + Self.hysteresis ? .normal : .lowLight
        }
        guard suggested != mode else { return nil }
        mode = suggested
        return .lightingMode(suggested, sunElevation: elevation)
    }
}
