extension TrafficCondition {
    /// The fraction of free-flow speed the condition stands for: 0 for a closure, else its `speedFactor` (clamped
    /// to 0…1), else the default for its incident kind; `nil` when it has neither.
    public var effectiveSpeedFactor: Double? {
        if incident == .closure { return 0 }
        if let speedFactor { return min(1, max(0, speedFactor)) }
        return incident.map(Self.defaultSpeedFactor(for:))
    }

    /// How much an incident slows traffic when its provider gives no factor.
    public static func defaultSpeedFactor(for incident: TrafficIncident) -> Double {
        switch incident {
        case .closure: 0
        case .accident: 0.3
        case .congestion: 0.4
        case .roadworks, .event: 0.6
        case .hazard, .weather: 0.7
        case .other: 0.8
        }
    }
}
