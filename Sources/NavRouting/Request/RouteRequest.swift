/// A route request: the stops in order (the first is the origin) and the options.
public struct RouteRequest: Sendable, Equatable {
    public var waypoints: [Waypoint]
    public var options: RoutingOptions

    public init(waypoints: [Waypoint], options: RoutingOptions = RoutingOptions()) {
        self.waypoints = waypoints
        self.options = options
    }

    /// The most waypoints (origin included) a request may have.
    public static let maximumWaypoints = 25
}
