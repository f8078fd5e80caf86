public import NavProtocol

/// One message the navigator publishes: a `nav.*` payload about one vehicle.
public struct NavigatorEvent: Sendable {
    /// The vehicle the event is about (the envelope's `subject`).
    public var vehicle: String
    /// The payload and its topic.
    public var payload: Payload

    /// The payload of a navigator event, one case per `nav.*` topic.
    public enum Payload: Sendable {
        case location(SnappedLocation)
        case arrival(Arrival)
        case routeChanged(RouteChanged)
        case remainingTime(RemainingTime)
        case remainingDistance(RemainingDistance)
        case delayCategory(DelayCategoryUpdate)
        case lightingMode(LightingModeSuggestion)
        case speeding(SpeedingUpdate)
        case navInfo(NavInfoMessage)
        case voicePrompt(VoicePrompt)
    }

    /// Creates an event.
    public init(vehicle: String, payload: Payload) {
        self.vehicle = vehicle
        self.payload = payload
    }

    /// The topic the event is published on.
    public var topic: Topic {
        switch payload {
        case .location: .navLocation
        case .arrival: .navArrival
        case .routeChanged: .navRouteChanged
        case .remainingTime: .navRemainingTime
        case .remainingDistance: .navRemainingDistance
        case .delayCategory: .navDelayCategory
        case .lightingMode: .navLightingMode
        case .speeding: .navSpeeding
        case .navInfo: .navNavInfo
        case .voicePrompt: .navVoicePrompt
        }
    }

    /// Hands the payload to `body` as an encodable value, for publishing.
    public func withPayload<Result>(_ body: (any Encodable & Sendable) throws -> Result) rethrows -> Result {
        switch payload {
        case .location(let value): try body(value)
        case .arrival(let value): try body(value)
        case .routeChanged(let value): try body(value)
        case .remainingTime(let value): try body(value)
        case .remainingDistance(let value): try body(value)
        case .delayCategory(let value): try body(value)
        case .lightingMode(let value): try body(value)
        case .speeding(let value): try body(value)
        case .navInfo(let value): try body(value)
        case .voicePrompt(let value): try body(value)
        }
    }

    /// Whether losing this event in a crash would be noticed: arrivals and route changes are saved
    /// before they are published.
    public var isMilestone: Bool {
        switch payload {
        case .arrival, .routeChanged: true
        default: false
        }
    }
}
