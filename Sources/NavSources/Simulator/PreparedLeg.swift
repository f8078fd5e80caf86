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
final class PreparedLeg: Sendable {
    let latitudes: [Double]
    let longitudes: [Double]
    /// Distance from the leg's start to each vertex, metres.
    let cumulative: [Double]
    /// Bearing of each segment, degrees.
    let bearings: [Double]
    let speedLimits: [Double?]
    let defaultSpeeds: [Double]
    /// Corner speed cap at each vertex in m/s (infinite where the polyline is straight or at the ends).
    let cornerSpeeds: [Double]

    var length: Double { cumulative[cumulative.count - 1] }
    var segmentCount: Int { latitudes.count - 1 }

    /// Corners are modelled as the arc tangent to both segments at most this far from the vertex: a tight
    /// urban junction has a radius of about 10–20 m, a smoothly digitised curve has short segments anyway.
    static let maximumTangentLength = 20.0
    /// U-turns and hairpins would give a radius of almost zero; nobody crawls slower than this through them.
    static let minimumCornerSpeed = 1.5

    init(_ leg: SimulatedRoute.Leg, lateralAcceleration: Double) {
        var latitudes = [leg.coordinates[0].latitude]
        var longitudes = [leg.coordinates[0].longitude]
        var cumulative = [0.0]
        var bearings = [Double]()
        var limits = [Double?]()
        var defaults = [Double]()
        for index in 1..<max(1, leg.coordinates.count) {
            let point = leg.coordinates[index]
            let length = Geodesy.distance(latitudes[latitudes.count - 1], longitudes[longitudes.count - 1], point.latitude, point.longitude)
            // Repeated points carry no direction; dropping them keeps every bearing meaningful.
            guard length > 0.01 else { continue }
            bearings.append(Geodesy.bearing(latitudes[latitudes.count - 1], longitudes[longitudes.count - 1], point.latitude, point.longitude))
            latitudes.append(point.latitude)
            longitudes.append(point.longitude)
            cumulative.append(cumulative[cumulative.count - 1] + length)
            limits.append(leg.speedLimits[index - 1])
            defaults.append(leg.defaultSpeeds[index - 1])
        }
        if latitudes.count == 1 {
            // A leg that starts at its end: one zero-length segment so indices stay uniform.
            latitudes.append(latitudes[0])
            longitudes.append(longitudes[0])
            cumulative.append(0)
            bearings.append(0)
            limits.append(leg.speedLimits.first ?? nil)
            defaults.append(leg.defaultSpeeds.first ?? 1)
        }
        var corners = Array(repeating: Double.infinity, count: latitudes.count)
        for vertex in 1..<max(1, latitudes.count - 1) {
            let angle = Geodesy.angleBetween(bearings[vertex - 1], bearings[vertex])
            guard angle > 1 else { continue }
            let shorter = min(cumulative[vertex] - cumulative[vertex - 1], cumulative[vertex + 1] - cumulative[vertex])
            let tangent = min(shorter / 2, Self.maximumTangentLength)
            let radius = tangent / tan(angle * Geodesy.degreesToRadians / 2)
            corners[vertex] = max(Self.minimumCornerSpeed, (lateralAcceleration * radius).squareRoot())
        }
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.cumulative = cumulative
        self.bearings = bearings
        self.speedLimits = limits
        self.defaultSpeeds = defaults
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
    func position(segment: Int, distance: Double) -> (latitude: Double, longitude: Double) {
        let start = cumulative[segment]
        let length = cumulative[segment + 1] - start
        let fraction = length > 0 ? min(1, max(0, (distance - start) / length)) : 0
        return (
            latitudes[segment] + fraction * (latitudes[segment + 1] - latitudes[segment]),
            longitudes[segment] + fraction * (longitudes[segment + 1] - longitudes[segment])
        )
    }

    /// The closest point of the leg to a position: segment, distance along the leg and offset in metres.
    func closestPoint(latitude: Double, longitude: Double) -> (segment: Int, distance: Double, offset: Double) {
        var best = (segment: 0, distance: 0.0, offset: Double.infinity)
        for segment in 0..<segmentCount {
            let projection = Geodesy.projection(
                latitude, longitude, ontoSegmentFrom: latitudes[segment], longitudes[segment],
                to: latitudes[segment + 1], longitudes[segment + 1])
            if projection.distance < best.offset - 0.01 {
                let along = cumulative[segment] + projection.fraction * (cumulative[segment + 1] - cumulative[segment])
                best = (segment, along, projection.distance)
            }
        }
        return best
    }
}
