/// `nav.arrival.v1`: the vehicle reached a waypoint (`didArriveAtWaypoint`).
///
/// Guidance then waits at an intermediate waypoint until `navigator.continueToNextDestination`.
public struct Arrival: Codable, Sendable, Equatable {
    /// The waypoint reached.
    public var waypoint: Waypoint
    /// Its index in the waypoints of the last `navigator.setDestinations` (0 = the first destination).
    public var waypointIndex: Int
    /// Whether it is the last waypoint of the trip.
    public var isFinalDestination: Bool

    public init(waypoint: Waypoint, waypointIndex: Int, isFinalDestination: Bool) {
        self.waypoint = waypoint
        self.waypointIndex = waypointIndex
        self.isFinalDestination = isFinalDestination
    }
}
