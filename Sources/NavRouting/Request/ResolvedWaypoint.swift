public import NavCore
public import NavMap

/// A waypoint after resolution: where it is and where it meets the road network.
public struct ResolvedWaypoint: Sendable, Equatable {
    public var waypoint: Waypoint
    /// The waypoint's own position (from its coordinate, place or OSM element).
    public var coordinate: Coordinate
    /// Where it snaps onto a road the travel mode may use.
    public var position: RoadPosition
    /// The name of the road it snapped onto (empty when the road has none).
    public var roadName: String

    public init(waypoint: Waypoint, coordinate: Coordinate, position: RoadPosition, roadName: String = "") {
        self.waypoint = waypoint
        self.coordinate = coordinate
        self.position = position
        self.roadName = roadName
    }
}
