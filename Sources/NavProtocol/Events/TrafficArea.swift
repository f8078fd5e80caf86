public import NavCore

/// The area a traffic condition covers.
///
/// On the wire: `{"type": "circle", "center": {"latitude": …, "longitude": …}, "radiusMeters": …}` or
/// `{"type": "boundingBox", "south": …, "west": …, "north": …, "east": …}`.
public enum TrafficArea: Codable, Sendable, Equatable {
    /// Every road within `radiusMeters` of `center`.
    case circle(center: Coordinate, radiusMeters: Double)
    /// Every road inside a latitude/longitude box.
    case boundingBox(BoundingBox)

    private enum CodingKeys: String, CodingKey {
        case type, center, radiusMeters
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "circle":
            self = .circle(
                center: try container.decode(Coordinate.self, forKey: .center),
                radiusMeters: try container.decode(Double.self, forKey: .radiusMeters))
        case "boundingBox":
            self = .boundingBox(try BoundingBox(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "expected circle or boundingBox, got \"\(type)\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .circle(let center, let radiusMeters):
            try container.encode("circle", forKey: .type)
            try container.encode(center, forKey: .center)
            try container.encode(radiusMeters, forKey: .radiusMeters)
        case .boundingBox(let box):
            try container.encode("boundingBox", forKey: .type)
            try box.encode(to: encoder)
        }
    }
}

/// A latitude/longitude box; `west` > `east` when it crosses the antimeridian.
public struct BoundingBox: Codable, Sendable, Equatable {
    /// Southern edge, degrees latitude.
    public var south: Double
    /// Western edge, degrees longitude.
    public var west: Double
    /// Northern edge, degrees latitude.
    public var north: Double
    /// Eastern edge, degrees longitude.
    public var east: Double

    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// Whether `point` lies inside the box (edges included).
    public func contains(_ point: Coordinate) -> Bool {
        guard point.latitude >= south, point.latitude <= north else { return false }
        return west <= east
            ? point.longitude >= west && point.longitude <= east
            : point.longitude >= west || point.longitude <= east
    }
}
