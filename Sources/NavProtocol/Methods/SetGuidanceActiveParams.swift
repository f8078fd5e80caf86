/// `navigator.setGuidanceActive` parameters: start or pause turn-by-turn guidance on the current route.
public struct SetGuidanceActiveParams: Codable, Sendable, Equatable, VehicleScoped {
    /// The vehicle the call is for; absent means ``Vehicle/defaultID``.
    public var vehicle: String?
    /// `true` to guide, `false` to pause.
    public var active: Bool

    public init(vehicle: String? = nil, active: Bool) {
        self.vehicle = vehicle
        self.active = active
    }
}

/// `navigator.setGuidanceActive` result.
public struct GuidanceActiveResult: Codable, Sendable, Equatable {
    /// Whether guidance is now active.
    public var guidanceActive: Bool

    public init(guidanceActive: Bool) {
        self.guidanceActive = guidanceActive
    }
}
