/// A WGS84 position in degrees, written `{"latitude": …, "longitude": …}` on the wire.
///
/// The one coordinate type of navbus: the map, the router, guidance, the sources and the protocol all use it.
public struct Coordinate: Hashable, Codable, Sendable {
    /// Latitude in degrees, north positive, −90…90.
    public var latitude: Double
    /// Longitude in degrees, east positive, −180…180.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both components are finite and inside their ranges.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// Great-circle distance in metres (haversine on the mean-radius sphere).
    public func distance(to other: Coordinate) -> Double {
        Geodesy.distance(latitude, longitude, other.latitude, other.longitude)
    }

    /// Initial bearing towards `other` in degrees clockwise from true north, in 0..<360.
    public func bearing(to other: Coordinate) -> Double {
        Geodesy.bearing(latitude, longitude, other.latitude, other.longitude)
    }

    /// The point `distance` metres away along `bearing` degrees (great circle).
    public func destination(bearing: Double, distance: Double) -> Coordinate {
        let point = Geodesy.destination(latitude, longitude, bearing: bearing, distance: distance)
        return Coordinate(latitude: point.latitude, longitude: point.longitude)
    }

    /// The point moved by small east/north offsets in metres (equirectangular, fine below a few kilometres).
    public func offset(east: Double, north: Double) -> Coordinate {
        let point = Geodesy.offset(latitude, longitude, east: east, north: north)
        return Coordinate(latitude: point.latitude, longitude: point.longitude)
    }

    /// The point a fraction `t` (0...1) of the way towards `other`, interpolated linearly in degrees,
    /// which is exact enough for the short segments of a road network.
    public func interpolated(to other: Coordinate, fraction t: Double) -> Coordinate {
        Coordinate(
            latitude: latitude + (other.latitude - latitude) * t,
            longitude: longitude + (other.longitude - longitude) * t)
    }

    /// Where this point falls on the segment `a`→`b`: its distance to the segment and the fraction along it.
    public func projection(ontoSegmentFrom a: Coordinate, to b: Coordinate) -> SegmentProjection {
        Geodesy.projection(latitude, longitude, ontoSegmentFrom: a.latitude, a.longitude, to: b.latitude, b.longitude)
    }
}

/// The closest point of a segment to a given point.
public struct SegmentProjection: Hashable, Sendable {
    /// Distance in metres from the point to the segment.
    public var distance: Double
    /// Position of the closest point along the segment, 0 at its start and 1 at its end.
    public var fraction: Double

    public init(distance: Double, fraction: Double) {
        self.distance = distance
        self.fraction = fraction
    }
}
