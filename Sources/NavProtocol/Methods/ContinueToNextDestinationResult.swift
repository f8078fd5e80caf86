public import NavCore

/// `navigator.continueToNextDestination` result: the trip moved on past the reached waypoint.
public struct ContinueToNextDestinationResult: Codable, Sendable, Equatable {
    /// The outcome of planning the next leg; `noWaypointsError` when no destination is left.
    public var routeStatus: RouteStatus
    /// The destination now driven to, absent when none is left.
    public var nextDestination: Waypoint?

    public init(routeStatus: RouteStatus, nextDestination: Waypoint?) {
        self.routeStatus = routeStatus
        self.nextDestination = nextDestination
    }
}
