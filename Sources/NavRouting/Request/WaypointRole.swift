/// What a waypoint is in a trip, which decides the roads it may snap onto (``Router/snap(_:mode:role:heading:maxDistanceMeters:)``).
public enum WaypointRole: Sendable, Equatable {
    /// The first waypoint: the trip must be able to leave it.
    case origin
    /// An intermediate stop: the trip must reach it and leave it.
    case stop
    /// The last waypoint: the trip must be able to reach it.
    case destination
}
