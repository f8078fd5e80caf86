public import NavCore

/// The answer to a ``RouteRequest``.
public struct RouteResult: Sendable, Equatable {
    public var status: RouteStatus
    /// A sentence for people, e.g. why a waypoint could not be used.
    public var message: String
    /// The fastest route first, then alternatives; empty unless `status` is ``RouteStatus/ok``.
    public var routes: [Route]
    /// Every waypoint as resolved and snapped, in request order (how far each was moved onto a road is its
    /// `position.distanceMeters`); empty when a waypoint could not be resolved.
    public var waypoints: [ResolvedWaypoint] = []
    /// The index of the waypoint that could not be used, when that is why the request failed.
    public var failedWaypointIndex: Int?

    public init(status: RouteStatus, message: String, routes: [Route] = []) {
        self.status = status
        self.message = message
        self.routes = routes
    }
}
