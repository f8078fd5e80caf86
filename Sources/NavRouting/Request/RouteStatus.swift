/// The outcome of a route request; raw values are the wire strings of the control API.
public enum RouteStatus: String, Sendable, Codable, CaseIterable {
    case ok = "OK"
    case noRouteFound
    case noWaypointsError
    case duplicateWaypointsError
    case waypointError
    case locationUnavailable
    case travelModeUnsupported
    case canceled
    case internalError
}
