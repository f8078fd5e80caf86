/// `nav.location.v1`: the road-snapped location (the SDK's road-snapped location provider,
/// `didUpdateLocation`).
///
/// While the vehicle follows its route the position lies on the route; off the route it is the nearest
/// road position, or the raw fix when no road is near (`onRoute` is then `false`).
public struct SnappedLocation: Codable, Sendable, Equatable {
    /// Snapped WGS84 latitude in degrees.
    public var latitude: Double
    /// Snapped WGS84 longitude in degrees.
    public var longitude: Double
    /// Altitude above mean sea level in metres, when known.
    public var altitude: Double?
    /// Direction of travel in degrees clockwise from true north (0..<360): the road's direction when
    /// snapped, else the fix's course; absent when unknown.
    public var course: Double?
    /// Ground speed in m/s, when known.
    public var speed: Double?
    /// When the underlying fix was measured.
    public var timestamp: Timestamp
    /// Whether the position is on the current route.
    public var onRoute: Bool
    /// The name or reference of the road the position is snapped to, when it has one.
    public var roadName: String?
    /// The speed limit of that road in m/s, when known.
    public var speedLimit: Double?

    public init(
        latitude: Double, longitude: Double, altitude: Double? = nil, course: Double? = nil, speed: Double? = nil,
        timestamp: Timestamp, onRoute: Bool, roadName: String? = nil, speedLimit: Double? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
        self.onRoute = onRoute
        self.roadName = roadName
        self.speedLimit = speedLimit
    }
}
