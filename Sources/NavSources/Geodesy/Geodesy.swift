#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Spherical-earth helpers for the short distances a vehicle covers between fixes.
///
/// A sphere of the IUGG mean radius is within 0.5 % of WGS84 everywhere, far below GPS noise, and keeps
/// the simulator cheap enough to step ten thousand vehicles per second.
enum Geodesy {
    static let earthRadius = 6_371_008.8
    static let degreesToRadians = Double.pi / 180
    static let radiansToDegrees = 180 / Double.pi

    /// Great-circle distance in metres (haversine).
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let phi1 = lat1 * degreesToRadians
        let phi2 = lat2 * degreesToRadians
        let dPhi = (lat2 - lat1) * degreesToRadians
        let dLambda = (lon2 - lon1) * degreesToRadians
        let a = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * earthRadius * asin(min(1, a.squareRoot()))
    }

    /// Initial bearing in degrees clockwise from true north, in 0..<360.
    static func bearing(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let phi1 = lat1 * degreesToRadians
        let phi2 = lat2 * degreesToRadians
        let dLambda = (lon2 - lon1) * degreesToRadians
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        return normalizedDegrees(atan2(y, x) * radiansToDegrees)
    }

    /// The point `distance` metres from the start along `bearing` degrees.
    static func destination(
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
    static func offset(_ lat: Double, _ lon: Double, east: Double, north: Double) -> (latitude: Double, longitude: Double) {
        let dLat = north / earthRadius * radiansToDegrees
        let dLon = east / (earthRadius * cos(lat * degreesToRadians)) * radiansToDegrees
        return (lat + dLat, lon + dLon)
    }

    /// Distance in metres from a point to the segment a→b, and the fraction 0...1 of the closest point along it,
    /// in a local equirectangular projection centred on the point.
    static func projection(
        _ lat: Double, _ lon: Double, ontoSegmentFrom aLat: Double, _ aLon: Double, to bLat: Double, _ bLon: Double
    ) -> (distance: Double, fraction: Double) {
        let metresPerDegreeLat = earthRadius * degreesToRadians
        let metresPerDegreeLon = metresPerDegreeLat * cos(lat * degreesToRadians)
        let ax = (aLon - lon) * metresPerDegreeLon
        let ay = (aLat - lat) * metresPerDegreeLat
        let bx = (bLon - lon) * metresPerDegreeLon
        let by = (bLat - lat) * metresPerDegreeLat
        let dx = bx - ax
        let dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        let fraction = lengthSquared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0
        let px = ax + fraction * dx
        let py = ay + fraction * dy
        return ((px * px + py * py).squareRoot(), fraction)
    }

    /// The absolute difference between two bearings, 0...180 degrees.
    static func turnAngle(from first: Double, to second: Double) -> Double {
        let difference = abs(normalizedDegrees(second - first))
        return difference > 180 ? 360 - difference : difference
    }

    static func normalizedDegrees(_ degrees: Double) -> Double {
        let value = degrees.truncatingRemainder(dividingBy: 360)
        return value < 0 ? value + 360 : value
    }
}
