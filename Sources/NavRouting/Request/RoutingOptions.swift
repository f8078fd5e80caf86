public import NavMap

/// How many alternative routes to return besides the fastest.
public enum AlternateRoutesStrategy: String, Sendable, Codable, CaseIterable {
    case none
    /// At most one alternative.
    case one
    /// Up to two alternatives.
    case all
}

/// The search technique; every choice returns routes of the same (optimal) cost.
public enum RoutingAlgorithm: String, Sendable, CaseIterable {
    /// Bidirectional A* with landmark bounds (ALT) when the bounds are valid, else bidirectional Dijkstra.
    case automatic
    /// Bidirectional Dijkstra without any heuristic.
    case bidirectionalDijkstra
    /// Plain one-directional Dijkstra: the reference the others are checked against.
    case dijkstra
}

/// Run-time speed factors from traffic, keyed by OSM way id: 0.5 means traffic moves at half the
/// free-flow speed. Factors above 1 are allowed but switch the router off landmark bounds.
public struct TrafficSpeedFactors: Sendable, Equatable {
    public var byWayID: [Int64: Double]

    public init(byWayID: [Int64: Double] = [:]) {
        self.byWayID = byWayID
    }

    public var isEmpty: Bool { byWayID.isEmpty }
}

/// Options of a route request.
public struct RoutingOptions: Sendable, Equatable {
    public var travelMode: TravelMode
    public var avoidsHighways: Bool
    public var avoidsTolls: Bool
    public var avoidsFerries: Bool
    public var alternateRoutes: AlternateRoutesStrategy
    public var traffic: TrafficSpeedFactors
    public var algorithm: RoutingAlgorithm

    public init(
        travelMode: TravelMode = .driving, avoidsHighways: Bool = false, avoidsTolls: Bool = false,
        avoidsFerries: Bool = false, alternateRoutes: AlternateRoutesStrategy = .none,
        traffic: TrafficSpeedFactors = TrafficSpeedFactors(), algorithm: RoutingAlgorithm = .automatic
    ) {
        self.travelMode = travelMode
        self.avoidsHighways = avoidsHighways
        self.avoidsTolls = avoidsTolls
        self.avoidsFerries = avoidsFerries
        self.alternateRoutes = alternateRoutes
        self.traffic = traffic
        self.algorithm = algorithm
    }

    /// Segment flags the search penalises heavily (soft avoidance: used only when there is no other way).
    var avoidedFlags: UInt8 {
        var flags = RoadGraph.SegmentFlags()
        if avoidsHighways { flags.insert(.highway) }
        if avoidsTolls { flags.insert(.toll) }
        if avoidsFerries { flags.insert(.ferry) }
        return flags.rawValue
    }
}
