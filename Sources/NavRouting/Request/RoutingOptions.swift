public import NavCore
import NavMap

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
        avoidsFerries: Bool = false, alternateRoutes: AlternateRoutesStrategy = .noAlternates,
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
