/// `navigator.setDestinations` parameters: plan a trip from the vehicle's location through
/// `waypoints` and make it the current route.
public struct SetDestinationsParams: Codable, Sendable, Equatable, VehicleScoped {
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
    public var travelMode: TravelMode?
    public var avoidsHighways: Bool?
    public var avoidsTolls: Bool?
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
    public var routeStatus: RouteStatus

    public init(routeStatus: RouteStatus) {
        self.routeStatus = routeStatus
    }
}
