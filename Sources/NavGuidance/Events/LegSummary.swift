public import NavCore

/// What listeners learn about a leg when the route changes.
public struct LegSummary: Hashable, Codable, Sendable {
    /// Where the leg ends.
    public var destination: GuidanceWaypoint
    /// Length of the leg in metres.
    public var distanceMeters: Double
    /// Traffic-aware duration of the leg in seconds.
    public var durationSeconds: Double
    /// The leg's polyline.
    public var coordinates: [Coordinate]

    /// Creates a leg summary.
    public init(
        destination: GuidanceWaypoint, distanceMeters: Double, durationSeconds: Double, coordinates: [Coordinate]
    ) {
        self.destination = destination
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.coordinates = coordinates
    }
}
