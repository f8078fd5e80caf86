/// A WGS84 position in degrees, written `{"latitude": …, "longitude": …}` on the wire.
public struct Coordinate: Codable, Sendable, Equatable, Hashable {
    /// Latitude in degrees, −90…90.
    public var latitude: Double
    /// Longitude in degrees, −180…180.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
