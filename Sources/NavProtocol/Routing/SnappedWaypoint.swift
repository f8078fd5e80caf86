/// Where a requested waypoint joined the road network, like OSRM's waypoint object.
public struct SnappedWaypoint: Codable, Sendable, Equatable {
    /// The point on the road.
    public var latitude: Double
    public var longitude: Double
    /// How far the waypoint was moved onto the road, in metres.
    public var distanceMeters: Double
    /// The road's name, when it has one.
    public var roadName: String?

    public init(latitude: Double, longitude: Double, distanceMeters: Double, roadName: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.distanceMeters = distanceMeters
        self.roadName = roadName
    }
}
