/// A WGS84 position in degrees.
public struct Coordinate: Hashable, Codable, Sendable {
    /// Latitude in degrees, positive north.
    public var latitude: Double
    /// Longitude in degrees, positive east.
    public var longitude: Double

    /// Creates a coordinate from latitude and longitude in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
