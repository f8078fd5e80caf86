public import NavCore

/// Something listeners are told about; the adapter publishes each case on its bus topic.
public enum GuidanceEvent: Hashable, Sendable {
    /// A road-snapped location, once per fix while location updates are on.
    case location(SnappedLocation)
    /// A destination was reached. `waypointIndex` counts destinations as given to `setRoute`, unchanged by
    /// reroutes; each index is reported at most once.
    case arrival(waypoint: GuidanceWaypoint, waypointIndex: Int, isFinalDestination: Bool)
    /// The route changed; `legs` are the route's legs and `currentLegIndex` the one being driven.
    case routeChanged(reason: RouteChangeReason, legs: [LegSummary], currentLegIndex: Int)
    /// Seconds to the next destination, sent when it moved by at least the time threshold.
    case remainingTime(seconds: Double)
    /// Metres to the next destination, sent when it moved by at least the distance threshold.
    case remainingDistance(meters: Double)
    /// The traffic delay category to the next destination changed.
    case delayCategory(DelayCategory)
    /// The suggested lighting changed (or guidance started); `sunElevation` in degrees, without
    /// refraction.
    case lightingMode(LightingMode, sunElevation: Double)
    /// Speed against the limit: sent when the severity changes and at least once a second while speeding.
    /// `percentage` is how far above the limit (0 when not above), `speed` and `limit` in m/s.
    case speeding(percentage: Double, severity: SpeedingSeverity, speed: Double, limit: Double?)
    /// The turn-by-turn feed.
    case navInfo(NavInfo)
    /// The vehicle left the route: the adapter should compute a route from here and answer with
    /// `replaceRoute(_, reason: .offRoute)`, or `rerouteFailed`.
    case rerouteRequested(from: Coordinate, heading: Double?)
}
