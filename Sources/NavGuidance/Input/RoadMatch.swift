/// Where a position lies on the road network, as found by a ``RoadNetworkMatcher``.
public struct RoadMatch: Hashable, Codable, Sendable {
    /// Latitude of the nearest point on the road, in degrees.
    public var latitude: Double
    /// Longitude of the nearest point on the road, in degrees.
    public var longitude: Double
    /// Name of the road (empty when unnamed).
    public var roadName: String
    /// Speed limit of the road in metres per second, when known.
    public var speedLimit: Double?
    /// Distance from the queried position to the road in metres.
    public var distance: Double
    /// Direction of the road at the match in degrees, oriented along the query heading when one was given.
    public var course: Double?

    /// Creates a match.
    public init(
        latitude: Double, longitude: Double, roadName: String, speedLimit: Double?, distance: Double,
        course: Double? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.roadName = roadName
        self.speedLimit = speedLimit
        self.distance = distance
        self.course = course
    }
}
