/// `traffic.conditions.v1`: a traffic provider's current picture — slow roads, closures and incidents.
///
/// Each message is the provider's complete set of conditions: a receiver replaces everything it holds
/// from that `provider` with the message's `conditions`, so an empty list withdraws them all. That
/// makes the proxy's last-value cache enough to bring a late subscriber up to date.
public struct TrafficConditions: Codable, Sendable, Equatable {
    /// Who publishes the conditions, e.g. `fintraffic-demo`; conditions of different providers add up.
    public var provider: String
    /// The conditions in force.
    public var conditions: [TrafficCondition]

    public init(provider: String, conditions: [TrafficCondition]) {
        self.provider = provider
        self.conditions = conditions
    }
}

/// One traffic condition: where it applies (roads or an area), what it does, and until when.
///
/// Exactly one of `wayIds` and `area` is present, and at least one of `speedFactor` and `incident`.
public struct TrafficCondition: Codable, Sendable, Equatable {
    /// The provider's identifier for the condition, stable across messages, when it has one.
    public var id: String?
    /// The OpenStreetMap way ids of the affected roads.
    public var wayIds: [Int64]?
    /// The affected area: every road inside it.
    public var area: TrafficArea?
    /// Expected speed as a fraction of free-flow speed (0…1); 0 means the roads are impassable.
    public var speedFactor: Double?
    /// What happened, when the condition is an incident.
    public var incident: TrafficIncident?
    /// When the condition stops applying, even if no newer message withdraws it.
    public var expiresAt: Timestamp
    /// Free text for people, e.g. "Roadworks on Mannerheimintie, one lane closed".
    public var description: String?

    /// A condition on the listed OpenStreetMap ways.
    public init(
        id: String? = nil, wayIds: [Int64], speedFactor: Double? = nil, incident: TrafficIncident? = nil,
        expiresAt: Timestamp, description: String? = nil
    ) {
        self.id = id
        self.wayIds = wayIds
        self.speedFactor = speedFactor
        self.incident = incident
        self.expiresAt = expiresAt
        self.description = description
    }

    /// A condition on every road in an area.
    public init(
        id: String? = nil, area: TrafficArea, speedFactor: Double? = nil, incident: TrafficIncident? = nil,
        expiresAt: Timestamp, description: String? = nil
    ) {
        self.id = id
        self.area = area
        self.speedFactor = speedFactor
        self.incident = incident
        self.expiresAt = expiresAt
        self.description = description
    }
}

/// The kind of a traffic incident.
public enum TrafficIncident: String, Codable, Sendable, CaseIterable {
    /// A collision or a broken-down vehicle.
    case accident
    /// Construction or maintenance work.
    case roadworks
    /// The roads are closed; routing avoids them whatever `speedFactor` says.
    case closure
    /// Queues beyond the usual.
    case congestion
    /// Something on or near the road, such as debris or an animal.
    case hazard
    /// Snow, ice, flooding or poor visibility.
    case weather
    /// A planned event such as a concert or a march.
    case event
    /// Anything else; `description` says what.
    case other
}
