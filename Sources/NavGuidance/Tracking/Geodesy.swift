import Foundation

/// Small-distance geometry on the WGS84 sphere approximation used throughout guidance.
enum Geodesy {
    /// Mean Earth radius in metres (IUGG).
    static let earthRadius = 6_371_008.8
    /// Length of one degree of latitude in metres.
    static let metresPerDegree = earthRadius * .pi / 180

    /// Great-circle distance in metres (haversine, exact enough for any leg length).
    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// Initial bearing from `a` to `b` in degrees clockwise from north, in 0..<360.
    static func bearing(from a: Coordinate, to b: Coordinate) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        return normalized(atan2(y, x) * 180 / .pi)
    }

    /// The smaller angle between two directions in degrees, in 0...180.
    static func angleBetween(_ a: Double, _ b: Double) -> Double {
        let d = abs(normalized(a - b))
        return d > 180 ? 360 - d : d
    }

    /// A direction folded into 0..<360.
    static func normalized(_ degrees: Double) -> Double {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }
}
