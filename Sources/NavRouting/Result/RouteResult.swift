public import NavCore

/// The answer to a ``RouteRequest``.
public struct RouteResult: Sendable, Equatable {
    public var status: RouteStatus
    /// A sentence for people, e.g. why a waypoint could not be used.
    public var message: String
    /// The fastest route first, then alternatives; empty unless `status` is ``RouteStatus/ok``.
    public var routes: [Route]

    public init(status: RouteStatus, message: String, routes: [Route] = []) {
        self.status = status
        self.message = message
        self.routes = routes
    }
}
