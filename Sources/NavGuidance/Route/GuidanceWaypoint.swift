/// The place a route leg ends at, as the user asked for it.
public struct GuidanceWaypoint: Hashable, Codable, Sendable {
    /// Human-readable name of the destination.
    public var title: String
    /// Place identifier the destination was resolved from, if any (for example `osm:node/123`).
    public var placeID: String?
    /// Latitude of the destination in degrees.
    public var latitude: Double
    /// Longitude of the destination in degrees.
    public var longitude: Double

    /// Creates a waypoint.
    public init(title: String, placeID: String? = nil, latitude: Double, longitude: Double) {
        self.title = title
        self.placeID = placeID
        self.latitude = latitude
        self.longitude = longitude
    }
}
