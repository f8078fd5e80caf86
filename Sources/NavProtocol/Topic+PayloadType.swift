extension Topic {
    /// The Swift type of the topic's payload (the envelope's `data`).
    public var payloadType: any (Codable & Sendable).Type {
        switch self {
        case .gpsFix: GPSFix.self
        case .navLocation: SnappedLocation.self
        case .navArrival: Arrival.self
        case .navRouteChanged: RouteChanged.self
        case .navRemainingTime: RemainingTime.self
        case .navRemainingDistance: RemainingDistance.self
        case .navDelayCategory: DelayCategoryUpdate.self
        case .navLightingMode: LightingModeSuggestion.self
        case .navSpeeding: SpeedingUpdate.self
        case .navNavInfo: NavInfo.self
        case .navVoicePrompt: VoicePrompt.self
        case .alertSpeeding: SpeedAlert.self
        case .uiLighting: AppliedLighting.self
        case .trafficConditions: TrafficConditions.self
        case .heartbeat: Heartbeat.self
        }
    }
}
