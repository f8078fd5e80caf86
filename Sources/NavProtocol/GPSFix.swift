/// `gps.fix.v1`: a raw device location, as a phone's location manager reports it.
public struct GPSFix: Codable, Sendable, Equatable {
    /// WGS84 latitude in degrees.
    public var latitude: Double
    /// WGS84 longitude in degrees.
    public var longitude: Double
    /// Altitude above mean sea level in metres, when known.
    public var altitude: Double?
    /// Direction of travel in degrees clockwise from true north (0..<360), when known.
    public var course: Double?
    /// Ground speed in m/s, when known.
    public var speed: Double?
    /// Radius of the 68 % confidence circle in metres, when known.
    public var horizontalAccuracy: Double?
    /// When the position was measured (the device's clock, not the time of publication).
    public var timestamp: Timestamp
    /// Where the fix came from: `simulator`, `gpsd`, `nmea`, `gpx`.
    public var source: String
    /// Number of satellites used, when the source reports it.
    public var satellites: Int?

    public init(
        latitude: Double, longitude: Double, altitude: Double? = nil, course: Double? = nil, speed: Double? = nil,
        horizontalAccuracy: Double? = nil, timestamp: Timestamp, source: String, satellites: Int? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.course = course
        self.speed = speed
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
        self.source = source
        self.satellites = satellites
    }
}
