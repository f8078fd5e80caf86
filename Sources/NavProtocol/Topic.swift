/// The v1 topic catalogue of the bus.
///
/// A topic is the first frame of every message. Names end in `.v<major>` so that a prefix subscription to
/// `nav.speeding.` never matches another event, while `nav.` matches all navigator events.
public enum Topic: String, CaseIterable, Sendable, Codable, Hashable {
    case gpsFix = "gps.fix.v1"
    case navLocation = "nav.location.v1"
    case navArrival = "nav.arrival.v1"
    case navRouteChanged = "nav.route_changed.v1"
    case navRemainingTime = "nav.remaining_time.v1"
    case navRemainingDistance = "nav.remaining_distance.v1"
    case navDelayCategory = "nav.delay_category.v1"
    case navLightingMode = "nav.lighting_mode.v1"
    case navSpeeding = "nav.speeding.v1"
    case navNavInfo = "nav.nav_info.v1"
    case navVoicePrompt = "nav.voice_prompt.v1"
    case alertSpeeding = "alert.speeding.v1"
    case uiLighting = "ui.lighting.v1"
    case trafficConditions = "traffic.conditions.v1"
    case heartbeat = "sys.heartbeat.v1"

    /// The CloudEvents `type` attribute of messages on this topic, e.g. `navbus.nav.arrival.v1`.
    public var eventType: String { "navbus." + rawValue }

    /// The CloudEvents `dataschema` attribute: the payload schema's path under `Protocols/`.
    public var dataSchema: String { "topics/\(rawValue).schema.json" }

    /// Which process publishes the topic.
    public var producer: String {
        switch self {
        case .gpsFix: "navbus-feeder"
        case .alertSpeeding: "navbus-speeding-alerter"
        case .uiLighting: "navbus-lighting-controller"
        case .trafficConditions: "any traffic provider"
        case .heartbeat: "every process"
        default: "navbus-navigator"
        }
    }

    /// One line for `navbus topics` and the README.
    public var summary: String {
        switch self {
        case .gpsFix: "raw device location: latitude, longitude, altitude, course, speed, accuracy, source"
        case .navLocation: "road-snapped location with course, speed, onRoute and road name"
        case .navArrival: "arrival at a waypoint, its index and whether it is the final destination"
        case .navRouteChanged: "the route changed: reason, route legs with geometry, current leg"
        case .navRemainingTime: "seconds to the next destination (honours timeUpdateThreshold)"
        case .navRemainingDistance: "metres to the next destination (honours distanceUpdateThreshold)"
        case .navDelayCategory: "traffic delay on the remaining route: noData, light, medium, heavy"
        case .navLightingMode: "suggested lighting mode (normal or lowLight) from the sun's elevation"
        case .navSpeeding: "percentage above the speed limit and the speed-alert severity"
        case .navNavInfo: "turn-by-turn feed: nav state, current step, distances and times"
        case .navVoicePrompt: "a prompt to speak: text, kind, step, distance to the maneuver, language, volume, validity"
        case .alertSpeeding: "raised or cleared minor/major speed alert, with hysteresis"
        case .uiLighting: "the lighting mode applied by the controller and its theme colours"
        case .trafficConditions: "traffic speed factors and incidents per road or area, with expiry"
        case .heartbeat: "liveness and counters of a process: sent, received, dropped, malformed"
        }
    }

    /// Looks up a topic frame exactly; `nil` for names outside the catalogue.
    public init?(frame: some Collection<UInt8>) {
        guard let name = String(validating: frame, as: UTF8.self) else { return nil }
        self.init(rawValue: name)
    }
}
