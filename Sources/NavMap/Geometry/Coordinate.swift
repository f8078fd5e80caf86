import Foundation

/// A WGS84 position in degrees.
public struct Coordinate: Hashable, Sendable, Codable {
    /// Latitude in degrees, north positive.
    public var latitude: Double
    /// Longitude in degrees, east positive.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Mean Earth radius in metres (IUGG), the radius the haversine formula below assumes.
    public static let earthRadiusMeters = 6_371_008.8

    /// Great-circle distance in metres (haversine).
    public func distance(to other: Coordinate) -> Double {
        let lat1 = latitude * .pi / 180
        let lat2 = other.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (other.longitude - longitude) * .pi / 180
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Coordinate.earthRadiusMeters * asin(min(1, a.squareRoot()))
    }

    /// Initial bearing towards `other` in degrees clockwise from true north, in 0..<360.
    public func bearing(to other: Coordinate) -> Double {
        let lat1 = latitude * .pi / 180
        let lat2 = other.latitude * .pi / 180
        let dLon = (other.longitude - longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        let degrees = atan2(y, x) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The point a fraction `t` (0...1) of the way towards `other`, interpolated linearly in degrees,
    /// which is exact enough for the short segments of a road network.
    public func interpolated(to other: Coordinate, fraction t: Double) -> Coordinate {
        Coordinate(
            latitude: latitude + (other.latitude - latitude) * t,
            longitude: longitude + (other.longitude - longitude) * t)
    }
}

/// Signed difference `to - from` between two bearings, in -180...180 degrees (positive is clockwise).
public func bearingDifference(from: Double, to: Double) -> Double {
    var d = (to - from).truncatingRemainder(dividingBy: 360)
    if d > 180 { d -= 360 }
    if d <= -180 { d += 360 }
    return d
}
