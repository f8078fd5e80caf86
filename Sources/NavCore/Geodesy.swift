import Foundation

/// Spherical-earth geometry for the distances a road network and a vehicle cover.
///
/// A sphere of the IUGG mean radius is within 0.5 % of WGS84 everywhere, far below GPS noise. The functions
/// take plain degrees so that hot loops over flat coordinate arrays (the simulator, the snapper) need not
/// build values; ``Coordinate`` wraps them.
public enum Geodesy {
    /// Mean Earth radius in metres (IUGG).
    public static let earthRadius = 6_371_008.8
    public static let degreesToRadians = Double.pi / 180
    public static let radiansToDegrees = 180 / Double.pi
    /// Length of one degree of latitude in metres.
    public static let metresPerDegree = earthRadius * degreesToRadians

    /// Great-circle distance in metres (haversine).
    public static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let phi1 = lat1 * degreesToRadians
        let phi2 = lat2 * degreesToRadians
        let dPhi = (lat2 - lat1) * degreesToRadians
        let dLambda = (lon2 - lon1) * degreesToRadians
        let a = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * earthRadius * asin(min(1, a.squareRoot()))
    }

    /// Initial bearing in degrees clockwise from true north, in 0..<360.
    public static func bearing(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let phi1 = lat1 * degreesToRadians
        let phi2 = lat2 * degreesToRadians
        let dLambda = (lon2 - lon1) * degreesToRadians
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        return normalizedDegrees(atan2(y, x) * radiansToDegrees)
    }

    /// The point `distance` metres from the start along `bearing` degrees.
    public static func destination(
        _ lat: Double, _ lon: Double, bearing: Double, distance: Double
    ) -> (latitude: Double, longitude: Double) {
        let delta = distance / earthRadius
        let theta = bearing * degreesToRadians
        let phi1 = lat * degreesToRadians
        let lambda1 = lon * degreesToRadians
        let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        var longitude = lambda2 * radiansToDegrees
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return (phi2 * radiansToDegrees, longitude)
    }

    /// Moves a point by small east/north offsets in metres (equirectangular, fine below a few kilometres).
    public static func offset(
        _ lat: Double, _ lon: Double, east: Double, north: Double
    ) -> (latitude: Double, longitude: Double) {
        let dLat = north / earthRadius * radiansToDegrees
        let dLon = east / (earthRadius * cos(lat * degreesToRadians)) * radiansToDegrees
        return (lat + dLat, lon + dLon)
    }

    /// Distance in metres from a point to the segment a→b, and the fraction 0...1 of the closest point along
    /// it, in a local equirectangular projection centred on the point.
    public static func projection(
        _ lat: Double, _ lon: Double, ontoSegmentFrom aLat: Double, _ aLon: Double, to bLat: Double, _ bLon: Double
    ) -> SegmentProjection {
        let metresPerDegreeLon = metresPerDegree * cos(lat * degreesToRadians)
        let ax = (aLon - lon) * metresPerDegreeLon
        let ay = (aLat - lat) * metresPerDegree
        let bx = (bLon - lon) * metresPerDegreeLon
        let by = (bLat - lat) * metresPerDegree
        let dx = bx - ax
        let dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        let fraction = lengthSquared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0
        let px = ax + fraction * dx
        let py = ay + fraction * dy
        return SegmentProjection(distance: (px * px + py * py).squareRoot(), fraction: fraction)
    }

    /// The smaller angle between two directions, 0...180 degrees.
    public static func angleBetween(_ first: Double, _ second: Double) -> Double {
        let difference = abs(normalizedDegrees(second - first))
        return difference > 180 ? 360 - difference : difference
    }

    /// Signed difference `to - from` between two bearings, in -180...180 degrees (positive is clockwise).
    public static func bearingDifference(from: Double, to: Double) -> Double {
        var d = (to - from).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }

    /// A direction folded into 0..<360.
    public static func normalizedDegrees(_ degrees: Double) -> Double {
        let value = degrees.truncatingRemainder(dividingBy: 360)
        return value < 0 ? value + 360 : value
    }
}
