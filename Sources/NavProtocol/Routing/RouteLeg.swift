public import NavCore

/// One leg of a route: the drive from the previous waypoint (or the vehicle) to `destination`.
///
/// The optional per-segment arrays let a simulator or a display drive the leg realistically. Segment
/// `i` runs from `geometry.coordinates[i]` to `geometry.coordinates[i + 1]`, so each array, when
/// present, has one element fewer than the geometry has positions.
public struct RouteLeg: Codable, Sendable, Equatable {
    /// Where the leg ends.
    public var destination: Waypoint
    /// Length of the leg in metres.
    public var distanceMeters: Double
    /// Expected travel time of the leg in seconds.
    public var durationSeconds: Double
    /// The road geometry of the leg.
    public var geometry: LineString
    /// The legal speed limit of each segment in m/s; `null` elements where the map has no limit.
    public var segmentSpeedLimits: [Double?]?
    /// The expected free-flow speed of each segment in m/s.
    public var segmentSpeeds: [Double]?
    /// The side of the road the destination lies on at arrival; absent when it lies on the road itself.
    public var destinationSide: StreetSide?

    public init(
        destination: Waypoint, distanceMeters: Double, durationSeconds: Double, geometry: LineString,
        segmentSpeedLimits: [Double?]? = nil, segmentSpeeds: [Double]? = nil, destinationSide: StreetSide? = nil
    ) {
        self.destination = destination
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.geometry = geometry
        self.segmentSpeedLimits = segmentSpeedLimits
        self.segmentSpeeds = segmentSpeeds
        self.destinationSide = destinationSide
    }
}
