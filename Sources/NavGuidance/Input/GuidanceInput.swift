public import NavCore

/// Everything that can happen to a guidance session: a new fix or a control call.
public enum GuidanceInput: Sendable {
    /// A raw position report.
    case fix(Fix)
    /// New destinations: follow this route from its first leg (reason `newDestinations`).
    case setRoute(GuidanceRoute)
    /// A route computed by the adapter (after a reroute request or a faster-route offer) replacing the
    /// rest of the current one. Its first leg leads to the destination currently driven to.
    case replaceRoute(GuidanceRoute, reason: RouteChangeReason)
    /// The adapter could not compute the requested reroute; a new request may follow later.
    case rerouteFailed
    /// Start producing road-snapped location events.
    case startUpdatingLocation
    /// Stop producing road-snapped location events.
    case stopUpdatingLocation
    /// Turn guidance events (progress, arrival, deviation, speeding, lighting, nav info) on or off.
    case setGuidanceActive(Bool)
    /// Replace the options.
    case configure(GuidanceOptions)
    /// Move on to the leg after the destination just reached; guidance must then be set active again.
    case continueToNextDestination
    /// Drop all destinations and stop guidance.
    case clearDestinations
    /// New traffic speed factors for one leg of the route.
    case applyTraffic(TrafficUpdate)
}
