public import NavCore

/// `navigator.setDestinations` parameters: plan a trip from the vehicle's location through
/// `waypoints` and make it the current route.
public struct SetDestinationsParams: Codable, Sendable, Equatable, VehicleScoped {
    /// The vehicle the call is for; absent means ``Vehicle/defaultID``.
    public var vehicle: String?
    /// The destinations in visiting order, 1…25.
    public var waypoints: [Waypoint]
    /// Options for this trip; absent ones fall back to the navigator's configuration.
    public var routingOptions: RoutingOptions?

    public init(vehicle: String? = nil, waypoints: [Waypoint], routingOptions: RoutingOptions? = nil) {
        self.vehicle = vehicle
        self.waypoints = waypoints
        self.routingOptions = routingOptions
    }

    /// The most waypoints one trip or route request may have.
    public static let maximumWaypoints = 25
}

/// Per-request routing options (the SDK's routing options).
public struct RoutingOptions: Codable, Sendable, Equatable {
    /// How many alternatives to compute beside the best route.
    public var alternateRoutesStrategy: AlternateRoutesStrategy?
    /// How the vehicle travels; selects the routing profile.
    public var travelMode: TravelMode?
    /// Whether routes avoid motorways.
    public var avoidsHighways: Bool?
    /// Whether routes avoid toll roads.
    public var avoidsTolls: Bool?
    /// Whether routes avoid ferries.
    public var avoidsFerries: Bool?

    public init(
        alternateRoutesStrategy: AlternateRoutesStrategy? = nil, travelMode: TravelMode? = nil,
        avoidsHighways: Bool? = nil, avoidsTolls: Bool? = nil, avoidsFerries: Bool? = nil
    ) {
        self.alternateRoutesStrategy = alternateRoutesStrategy
        self.travelMode = travelMode
        self.avoidsHighways = avoidsHighways
        self.avoidsTolls = avoidsTolls
        self.avoidsFerries = avoidsFerries
    }
}

/// The result of a method that plans a route: its ``RouteStatus``.
public struct RouteStatusResult: Codable, Sendable, Equatable {
    /// The outcome of the routing request.
    public var routeStatus: RouteStatus
    /// Why the trip could not be planned, for people.
    public var message: String?
    /// The vehicle's position and every destination where they joined the road network.
    public var waypoints: [SnappedWaypoint]?
    /// Kinds of road the trip's options asked to avoid that the route still uses.
    public var violatedAvoids: [AvoidableRoad]?

    public init(
        routeStatus: RouteStatus, message: String? = nil, waypoints: [SnappedWaypoint]? = nil,
        violatedAvoids: [AvoidableRoad]? = nil
    ) {
        self.routeStatus = routeStatus
        self.message = message
        self.waypoints = waypoints
        self.violatedAvoids = violatedAvoids
    }
}
