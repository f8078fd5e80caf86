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
    /// When the trip sets off, in the map's local time: turn restrictions that hold only at some times
    /// (``TimedTurnRestrictions``) bind the route when they are in force then. Without it they always bind.
    public var departure: WeekTime?

    public init(
        travelMode: TravelMode = .driving, avoidsHighways: Bool = false, avoidsTolls: Bool = false,
        avoidsFerries: Bool = false, alternateRoutes: AlternateRoutesStrategy = .noAlternates,
        traffic: TrafficSpeedFactors = TrafficSpeedFactors(), algorithm: RoutingAlgorithm = .automatic,
        departure: WeekTime? = nil
    ) {
        self.departure = departure
        self.travelMode = travelMode
        self.avoidsHighways = avoidsHighways
        self.avoidsTolls = avoidsTolls
        self.avoidsFerries = avoidsFerries
        self.alternateRoutes = alternateRoutes
        self.traffic = traffic
        self.algorithm = algorithm
    }

    /// Segment flags of the roads the request asks to avoid.
    var avoidedFlags: UInt8 {
        var flags = RoadGraph.SegmentFlags()
        for road in avoidedRoads { flags.insert(road.segmentFlag) }
        return flags.rawValue
    }

    /// The kinds of road the request asks to avoid.
    public var avoidedRoads: [AvoidableRoad] {
        AvoidableRoad.allCases.filter { road in
            switch road {
            case .highways: avoidsHighways
            case .tolls: avoidsTolls
            case .ferries: avoidsFerries
            }
        }
    }
}

extension AvoidableRoad {
    var segmentFlag: RoadGraph.SegmentFlags {
        switch self {
        case .highways: .highway
        case .tolls: .toll
        case .ferries: .ferry
        }
    }
}
