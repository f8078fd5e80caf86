public import NavCore

/// `nav.route_changed.v1`: the navigator's route changed (`navigatorDidChangeRoute`).
///
/// It carries the whole remaining route, so a late subscriber (served from the proxy's last-value cache)
/// can draw it without asking the navigator.
public struct RouteChanged: Codable, Sendable, Equatable {
    /// Why the route changed.
    public var reason: RouteChangeReason
    /// The legs still to drive, the current one first; empty when the route was cleared.
    public var routeLegs: [RouteLeg]
    /// Index of the current leg in the trip's legs as first planned (so it grows as intermediate
    /// destinations are passed); 0 when `routeLegs` is empty.
    public var currentRouteLegIndex: Int

    public init(reason: RouteChangeReason, routeLegs: [RouteLeg], currentRouteLegIndex: Int) {
        self.reason = reason
        self.routeLegs = routeLegs
        self.currentRouteLegIndex = currentRouteLegIndex
    }
}
