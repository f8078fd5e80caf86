public import NavCore

/// A point on a road segment: where a coordinate snaps to.
public struct RoadPosition: Sendable, Hashable {
    /// The segment index in the graph.
    public var segment: Int
    /// Position along the segment from its first node (0) to its second (1).
    public var fraction: Double
    /// The snapped point.
    public var coordinate: Coordinate
    /// Distance from the query coordinate to the snapped point in metres.
    public var distanceMeters: Double
    /// When a heading was given: the arc (direction) of the segment that best matches it.
    public var preferredArc: Int?

    public init(
        segment: Int, fraction: Double, coordinate: Coordinate, distanceMeters: Double, preferredArc: Int? = nil
    ) {
        self.segment = segment
        self.fraction = fraction
        self.coordinate = coordinate
        self.distanceMeters = distanceMeters
        self.preferredArc = preferredArc
    }
}
