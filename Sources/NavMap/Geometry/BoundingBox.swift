public import NavCore
import Foundation

/// A latitude/longitude rectangle that does not cross the antimeridian.
public struct BoundingBox: Hashable, Sendable, Codable {
    public var minLatitude: Double
    public var minLongitude: Double
    public var maxLatitude: Double
    public var maxLongitude: Double

    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    /// The smallest box that contains a circle of `radiusMeters` around `center`.
    public init(center: Coordinate, radiusMeters: Double) {
        let dLat = radiusMeters / 111_195.0
        let cosLat = max(0.01, cos(center.latitude * .pi / 180))
        let dLon = dLat / cosLat
        self.init(
            minLatitude: center.latitude - dLat, minLongitude: center.longitude - dLon,
            maxLatitude: center.latitude + dLat, maxLongitude: center.longitude + dLon)
    }

    /// Whether the box contains `coordinate` (edges included).
    public func contains(_ coordinate: Coordinate) -> Bool {
        coordinate.latitude >= minLatitude && coordinate.latitude <= maxLatitude
            && coordinate.longitude >= minLongitude && coordinate.longitude <= maxLongitude
    }
}
