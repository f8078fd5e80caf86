import NavCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A leg with everything the simulator needs per step precomputed: cumulative distances, segment bearings
/// and the highest speed at which each corner can be taken.
///
/// A final class so the thousands of vehicles of a fleet driving the same route share one copy.
final class SimulatorLeg: Sendable {
    /// The leg's line without repeated points, which carry no direction.
    let line: Polyline
    let speedLimits: [Double?]
    let defaultSpeeds: [Double]
    /// Corner speed cap at each vertex in m/s (infinite where the polyline is straight or at the ends).
    let cornerSpeeds: [Double]

    /// Distance from the leg's start to each vertex, metres.
    var cumulative: [Double] { line.cumulativeDistances }
    /// Bearing of each segment, degrees.
    var bearings: [Double] { line.segmentBearings }
    var length: Double { line.length }
    var segmentCount: Int { line.segmentCount }

    /// Corners are modelled as the arc tangent to both segments at most this far from the vertex: a tight
    /// urban junction has a radius of about 10–20 m, a smoothly digitised curve has short segments anyway.
    static let maximumTangentLength = 20.0
    /// U-turns and hairpins would give a radius of almost zero; nobody crawls slower than this through them.
    static let minimumCornerSpeed = 1.5

    init(_ leg: SimulatedRoute.Leg, lateralAcceleration: Double) {
        let kept = Polyline.withoutRepeats(leg.coordinates)
        // A leg that starts at its end keeps one zero-length segment (Polyline doubles a lone point), so
        // indices stay uniform.
        let line = Polyline(kept.map { leg.coordinates[$0] })
        let segments = kept.count > 1 ? Array(kept.dropFirst()).map { $0 - 1 } : [0]
        speedLimits = segments.map { leg.speedLimits.indices.contains($0) ? leg.speedLimits[$0] : nil }
        defaultSpeeds = segments.map { leg.defaultSpeeds.indices.contains($0) ? leg.defaultSpeeds[$0] : 1 }
        var corners = Array(repeating: Double.infinity, count: line.points.count)
        for vertex in 1..<max(1, line.points.count - 1) {
            let angle = Geodesy.angleBetween(line.segmentBearings[vertex - 1], line.segmentBearings[vertex])
            guard angle > 1 else { continue }
            let shorter = min(line.segmentLength(vertex - 1), line.segmentLength(vertex))
            let tangent = min(shorter / 2, Self.maximumTangentLength)
            let radius = tangent / tan(angle * Geodesy.degreesToRadians / 2)
            corners[vertex] = max(Self.minimumCornerSpeed, (lateralAcceleration * radius).squareRoot())
        }
        self.line = line
        self.cornerSpeeds = corners
    }

    /// A straight two-point leg from a position along a bearing, driven at one speed.
    convenience init(from latitude: Double, _ longitude: Double, bearing: Double, distance: Double, speed: Double) {
        let end = Geodesy.destination(latitude, longitude, bearing: bearing, distance: distance)
        // The coordinates are in range and the speed positive by construction, so this cannot throw.
        let leg = try! SimulatedRoute.Leg(
            coordinates: [.init(latitude: latitude, longitude: longitude), .init(latitude: end.latitude, longitude: end.longitude)],
            speedLimit: nil, defaultSpeed: max(speed, 1))
        self.init(leg, lateralAcceleration: 1)
    }

    func targetSpeed(segment: Int, profile: SpeedProfile) -> Double {
        profile.targetSpeed(limit: speedLimits[segment], defaultSpeed: defaultSpeeds[segment])
    }

    /// Position at `distance` metres along the leg, within `segment`.
    func position(segment: Int, distance: Double) -> Coordinate {
        line.coordinate(at: distance, segment: segment)
    }

    /// The closest point of the leg to a position: segment, distance along the leg and offset in metres.
    func closestPoint(latitude: Double, longitude: Double) -> (segment: Int, distance: Double, offset: Double) {
        var best = (segment: 0, distance: 0.0, offset: Double.infinity)
        for segment in 0..<segmentCount {
            let projection = Geodesy.projection(
                latitude, longitude, ontoSegmentFrom: line.points[segment].latitude, line.points[segment].longitude,
                to: line.points[segment + 1].latitude, line.points[segment + 1].longitude)
            if projection.distance < best.offset - 0.01 {
                let along = cumulative[segment] + projection.fraction * (cumulative[segment + 1] - cumulative[segment])
                best = (segment, along, projection.distance)
            }
        }
        return best
    }
}
