public import NavCore

/// `router.route` parameters: a stateless route query; nothing about the vehicle's session changes.
public struct RouteRequest: Codable, Sendable, Equatable, VehicleScoped {
    /// Only selects whose configuration fills in absent options.
    public var vehicle: String?
    /// The origin followed by the destinations, 2…26 (up to 25 destinations).
    public var waypoints: [Waypoint]
    /// How the vehicle travels; selects the routing profile.
    public var travelMode: TravelMode?
    /// Whether routes avoid motorways.
    public var avoidsHighways: Bool?
    /// Whether routes avoid toll roads.
    public var avoidsTolls: Bool?
    /// Whether routes avoid ferries.
    public var avoidsFerries: Bool?
    /// How many alternatives to return beside the best route; `none` when absent.
    public var alternateRoutesStrategy: AlternateRoutesStrategy?
    /// When the trip sets off, in the map's local time: turn restrictions signed for some hours bind the route
    /// when they are in force then. Absent: now, by the navigator's clock, when it was given its time zone
    /// (`TZ`); otherwise such restrictions always bind.
    public var departureTime: LocalDateTime?

    public init(
        vehicle: String? = nil, waypoints: [Waypoint], travelMode: TravelMode? = nil, avoidsHighways: Bool? = nil,
        avoidsTolls: Bool? = nil, avoidsFerries: Bool? = nil, alternateRoutesStrategy: AlternateRoutesStrategy? = nil,
        departureTime: LocalDateTime? = nil
    ) {
        self.departureTime = departureTime
        self.vehicle = vehicle
        self.waypoints = waypoints
        self.travelMode = travelMode
        self.avoidsHighways = avoidsHighways
        self.avoidsTolls = avoidsTolls
        self.avoidsFerries = avoidsFerries
        self.alternateRoutesStrategy = alternateRoutesStrategy
    }
}

/// `router.route` result.
public struct RouteResponse: Codable, Sendable, Equatable {
    /// `OK` when at least one route was found.
    public var routeStatus: RouteStatus
    /// The best route first, then the alternatives; empty unless `routeStatus` is `OK`.
    public var routes: [Route]
    /// Why no route was found, for people.
    public var message: String?
    /// Every waypoint where it joined the road network, origin first (absent when a waypoint could not be used).
    public var waypoints: [SnappedWaypoint]?

    public init(
        routeStatus: RouteStatus, routes: [Route], message: String? = nil, waypoints: [SnappedWaypoint]? = nil
    ) {
        self.routeStatus = routeStatus
        self.routes = routes
        self.message = message
        self.waypoints = waypoints
    }
}
