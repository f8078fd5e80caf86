/// The vehicle's position as shown to the user: on the route when on it, on the road network otherwise.
public struct SnappedLocation: Hashable, Codable, Sendable {
    /// Snapped latitude in degrees.
    public var latitude: Double
    /// Snapped longitude in degrees.
    public var longitude: Double
    /// Altitude in metres, from the fix.
    public var altitude: Double?
    /// Direction of the road when snapped, otherwise the fix's course, in degrees.
    public var course: Double?
    /// Speed in metres per second, from the fix.
    public var speed: Double?
    /// Time of the fix in seconds since 1970.
    public var timestamp: Double
    /// Whether the position was snapped to the active route.
    public var onRoute: Bool
    /// Name of the road the position was snapped to, when known.
    public var roadName: String?
    /// Legal speed limit of that road in metres per second, when known.
    public var speedLimit: Double?

    /// Creates a snapped location.
    public init(
        latitude: Double, longitude: Double, altitude: Double?, course: Double?, speed: Double?, timestamp: Double,
        onRoute: Bool, roadName: String?, speedLimit: Double? = nil
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
