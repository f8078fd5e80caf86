public import NavBus
public import NavProtocol

/// What navbus-web takes from a bus message: a vehicle's input, or a traffic picture for every vehicle.
public enum BusInput: Sendable {
    case vehicle(VehicleInput)
    case traffic(TrafficConditions)

    /// The topics the web service subscribes to (prefixes).
    public static let prefixes = ["nav.", "alert.", "ui.", "traffic."]

    /// Decodes a message; `nil` for topics the pages do not show.
    /// - Throws: a decoding error when the payload does not fit its topic's type.
    public init?(_ message: BusMessage) throws {
        guard let topic = message.topic else { return nil }
        switch topic {
        case .navNavInfo: self = .vehicle(.navInfo(try message.decode(NavInfo.self)))
        case .navLocation: self = .vehicle(.location(try message.decode(SnappedLocation.self)))
        case .navRouteChanged: self = .vehicle(.routeChanged(try message.decode(RouteChanged.self)))
        case .navRemainingTime: self = .vehicle(.remainingTime(try message.decode(RemainingTime.self)))
        case .navRemainingDistance: self = .vehicle(.remainingDistance(try message.decode(RemainingDistance.self)))
        case .navDelayCategory: self = .vehicle(.delayCategory(try message.decode(DelayCategoryUpdate.self)))
        case .navSpeeding: self = .vehicle(.speeding(try message.decode(SpeedingUpdate.self)))
        case .alertSpeeding: self = .vehicle(.speedAlert(try message.decode(SpeedAlert.self)))
        case .uiLighting: self = .vehicle(.lighting(try message.decode(AppliedLighting.self)))
        case .navArrival: self = .vehicle(.arrival(try message.decode(Arrival.self)))
        case .trafficConditions: self = .traffic(try message.decode(TrafficConditions.self))
        // The page shows the applied theme, not the navigator's suggestion; fixes arrive snapped as nav.location.v1;
        // voice prompts are for navbus-speaker.
        case .navLightingMode, .gpsFix, .heartbeat, .navVoicePrompt: return nil
        }
    }
}
