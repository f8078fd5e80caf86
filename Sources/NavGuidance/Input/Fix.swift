import NavCore

/// One raw position report from the device, the only source of time for the engine.
public struct Fix: Hashable, Codable, Sendable {
    /// Latitude in degrees.
    public var latitude: Double
    /// Longitude in degrees.
    public var longitude: Double
    /// Altitude in metres, when known.
    public var altitude: Double?
    /// Direction of travel in degrees clockwise from north, when known.
    public var course: Double?
    /// Ground speed in metres per second, when known.
    public var speed: Double?
    /// Radius of horizontal uncertainty in metres (one sigma, as devices report it), when known.
    public var horizontalAccuracy: Double?
    /// When the fix was taken, in seconds since 1970-01-01T00:00:00Z.
    public var time: Double

    /// Creates a fix.
    public init(
        latitude: Double, longitude: Double, altitude: Double? = nil, course: Double? = nil, speed: Double? = nil,
        horizontalAccuracy: Double? = nil, time: Double
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.course = course
        self.speed = speed
        self.horizontalAccuracy = horizontalAccuracy
        self.time = time
    }

    var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}
