/// The outcome of a routing request (`navigator.setDestinations`, `router.route`, …).
///
/// Routing outcomes are results, not JSON-RPC errors: a request that was understood but found no route
/// answers with a status other than `OK`.
public enum RouteStatus: String, Hashable, Codable, Sendable, CaseIterable {
    /// A route was found.
    case ok = "OK"
    /// The waypoints are valid but no road connects them.
    case noRouteFound
    /// No waypoints were given.
    case noWaypointsError
    /// Two consecutive waypoints are the same place.
    case duplicateWaypointsError
    /// A waypoint is invalid: unknown place ID, coordinates out of range or too far from any road,
    /// or more than 25 waypoints.
    case waypointError
    /// The vehicle's location is not known, so there is no origin.
    case locationUnavailable
    /// The travel mode has no routing profile in the loaded map.
    case travelModeUnsupported
    /// A newer request replaced this one before it finished.
    case canceled
    /// The router failed unexpectedly.
    case internalError
}
