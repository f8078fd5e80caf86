public import NavCore
public import NavMap

/// A waypoint after resolution: where it is and where it meets the road network.
public struct ResolvedWaypoint: Sendable, Equatable {
    public var waypoint: Waypoint
    /// The waypoint's own position (from its coordinate, place or OSM element).
    public var coordinate: Coordinate
    /// Where it snaps onto a road the travel mode may use.
    public var position: RoadPosition

    public init(waypoint: Waypoint, coordinate: Coordinate, position: RoadPosition) {
        self.waypoint = waypoint
        self.coordinate = coordinate
        self.position = position
    }
}
