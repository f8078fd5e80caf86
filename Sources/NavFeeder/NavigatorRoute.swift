import NavCore
import NavProtocol
import NavSources

/// The route the navigator last published for one vehicle, ready for the simulator to drive.
struct NavigatorRoute: Sendable, Equatable {
    /// The legs still to drive, the current one first.
    var route: SimulatedRoute
    /// Index of `route`'s first leg in the trip as first planned (`RouteChanged.currentRouteLegIndex`).
    var firstLegIndex: Int

    /// Speed assumed on a segment when the navigator gave neither a limit nor a free-flow speed nor a leg
    /// duration: 50 km/h, the usual urban limit.
    static let fallbackSpeed = 13.9

    /// Converts a `nav.route_changed.v1` payload.
    /// - Returns: `nil` when the route was cleared (no legs).
    /// - Throws: `SourceError` when a leg has no usable geometry.
    init?(_ change: RouteChanged) throws {
        guard !change.routeLegs.isEmpty else { return nil }
        route = try SimulatedRoute(legs: change.routeLegs.map(Self.leg))
        firstLegIndex = change.currentRouteLegIndex
    }

    /// One navigator leg as a simulator leg. Per-segment arrays of the wrong length (a producer that does not
    /// follow the contract) are ignored rather than trusted for the wrong segments.
    static func leg(_ leg: RouteLeg) throws -> SimulatedRoute.Leg {
        let coordinates = leg.geometry.points.map {
            Coordinate(latitude: $0.latitude, longitude: $0.longitude)
        }
        let segments = max(0, coordinates.count - 1)
        let average =
            leg.durationSeconds > 0 && leg.distanceMeters > 0 ? leg.distanceMeters / leg.durationSeconds : fallbackSpeed
        var speeds = Array(repeating: average, count: segments)
        if let given = leg.segmentSpeeds, given.count == segments {
            speeds = zip(given, speeds).map { usable($0) ?? $1 }
        }
        var limits = [Double?](repeating: nil, count: segments)
        if let given = leg.segmentSpeedLimits, given.count == segments {
            limits = given.map { $0.flatMap(usable) }
        }
        return try SimulatedRoute.Leg(coordinates: coordinates, speedLimits: limits, defaultSpeeds: speeds)
    }

    private static func usable(_ speed: Double) -> Double? {
        speed > 0 && speed.isFinite ? speed : nil
    }
}
