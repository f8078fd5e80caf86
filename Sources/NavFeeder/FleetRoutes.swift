import NavCore
import NavMap
import NavRouting
import NavSources

/// Random round trips on a map for fleet mode: each goes from one road node to another and back, so a
/// vehicle repeating it never jumps.
enum FleetRoutes {
    /// Shortest straight-line distance between the two ends of a trip, metres.
    static let minimumTripMeters = 500.0

    /// Plans up to `count` distinct round trips for driving on `graph`.
    /// - Throws: `FeederError` when the map yields no drivable trip after many attempts.
    static func plan(count: Int, graph: RoadGraph, seed: UInt64) throws -> [SimulatedRoute] {
        let router = Router(graph: graph, modes: [.driving])
        var generator = SeededGenerator(seed: seed)
        var routes: [SimulatedRoute] = []
        var attempts = 0
        let maximumAttempts = max(50, count * 20)
        while routes.count < count, attempts < maximumAttempts {
            attempts += 1
            let a = graph.coordinate(ofNode: Int.random(in: 0..<graph.nodeCount, using: &generator))
            let b = graph.coordinate(ofNode: Int.random(in: 0..<graph.nodeCount, using: &generator))
            guard a.distance(to: b) >= minimumTripMeters else { continue }
            let result = router.route(
                RouteRequest(
                    waypoints: [Waypoint(coordinate: a), Waypoint(coordinate: b), Waypoint(coordinate: a)],
                    options: RoutingOptions(travelMode: .driving)))
            guard result.status == .ok, let route = result.routes.first,
                let simulated = try? SimulatedRoute(legs: route.legs.map(leg))
            else { continue }
            routes.append(simulated)
        }
        guard !routes.isEmpty else {
            throw FeederError(message: "--fleet: no drivable round trip found on the map after \(attempts) attempts")
        }
        return routes
    }

    private static func leg(_ leg: RouteLeg) throws -> SimulatedRoute.Leg {
        try SimulatedRoute.Leg(
            coordinates: leg.coordinates.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) },
            speedLimits: leg.segmentSpeedLimits, defaultSpeeds: leg.segmentSpeeds.map { max($0, 0.5) })
    }
}
