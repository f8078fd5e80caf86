/// A route request: the stops in order (the first is the origin) and the options.
public struct RouteRequest: Sendable, Equatable {
    public var waypoints: [Waypoint]
    public var options: RoutingOptions

    public init(waypoints: [Waypoint], options: RoutingOptions = RoutingOptions()) {
        self.waypoints = waypoints
        self.options = options
    }

    /// The most waypoints a request may have: the origin and 25 destinations, so that a navigator can plan
    /// the most destinations the SDK accepts from where the vehicle is.
    public static let maximumWaypoints = 26
}
