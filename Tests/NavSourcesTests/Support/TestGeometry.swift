import NavCore
import Foundation
import NavProtocol
@testable import NavSources

/// Builds routes from east/north offsets in metres around a point in central Helsinki.
enum TestGeometry {
    static let origin = (latitude: 60.1699, longitude: 24.9384)

    static func coordinate(east: Double, north: Double) -> Coordinate {
        let point = Geodesy.offset(origin.latitude, origin.longitude, east: east, north: north)
        return .init(latitude: point.latitude, longitude: point.longitude)
    }

    /// A single-leg route through the given (east, north) points with one limit on every segment.
    static func route(_ points: [(Double, Double)], limit: Double? = 13.9, defaultSpeed: Double = 13.9) throws
        -> SimulatedRoute
    {
        try SimulatedRoute(legs: [
            .init(coordinates: points.map { coordinate(east: $0.0, north: $0.1) }, speedLimit: limit, defaultSpeed: defaultSpeed)
        ])
    }

    /// Distance in metres from a fix to the closest point of a polyline.
    static func distance(from fix: GPSFix, toPolyline points: [Coordinate]) -> Double {
        var best = Double.infinity
        for index in 0..<(points.count - 1) {
            let projection = Geodesy.projection(
                fix.latitude, fix.longitude, ontoSegmentFrom: points[index].latitude, points[index].longitude,
                to: points[index + 1].latitude, points[index + 1].longitude)
            best = min(best, projection.distance)
        }
        return best
    }

    static func distance(_ a: GPSFix, _ b: Coordinate) -> Double {
        Geodesy.distance(a.latitude, a.longitude, b.latitude, b.longitude)
    }
}
