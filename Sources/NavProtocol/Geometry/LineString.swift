public import NavCore

/// A GeoJSON LineString object (RFC 7946): `{"type": "LineString", "coordinates": [[lon, lat], …]}`.
///
/// Positions are in GeoJSON order, longitude first. GeoJSON requires at least two positions; a producer
/// describing a single point (a zero-length leg) repeats it.
public struct LineString: Codable, Sendable, Equatable {
    /// `[longitude, latitude]` or `[longitude, latitude, altitude]` arrays, in travel order.
    public var coordinates: [[Double]]

    /// Creates a line from raw GeoJSON positions (`[longitude, latitude(, altitude)]`).
    public init(positions: [[Double]]) {
        self.coordinates = positions
    }

    /// Creates a line through `points`, in order.
    public init(points: [Coordinate]) {
        self.coordinates = points.map { [$0.longitude, $0.latitude] }
    }

    /// The positions as coordinates; positions with fewer than two numbers are skipped.
    public var points: [Coordinate] {
        coordinates.compactMap { position in
            position.count >= 2 ? Coordinate(latitude: position[1], longitude: position[0]) : nil
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, coordinates
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        guard type == "LineString" else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "expected a GeoJSON LineString, got \"\(type)\"")
        }
        coordinates = try container.decode([[Double]].self, forKey: .coordinates)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("LineString", forKey: .type)
        try container.encode(coordinates, forKey: .coordinates)
    }
}
