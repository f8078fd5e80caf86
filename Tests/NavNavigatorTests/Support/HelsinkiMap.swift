import Foundation
import NavMap
import NavNavigator
import NavRouting
import NavTesting

/// The Helsinki sample map, loaded once for the whole test run.
enum HelsinkiMap {
    private static let loaded: Result<NavigatorMap, TestSupportError> = {
        do {
            return .success(try NavigatorMap.load(path: try PackagePaths.map("helsinki.osm.pbf").path))
        } catch {
            return .failure(TestSupportError("maps/helsinki.osm.pbf cannot be used (run scripts/fetch-maps.sh): \(error)"))
        }
    }()

    /// The map, or an error telling how to fetch it.
    static func map() throws -> NavigatorMap { try loaded.get() }
}

/// A deterministic generator (SplitMix64), so every trip and its noise come back from the seed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in (0, 1).
    mutating func uniform() -> Double { (Double(next() >> 11) + 0.5) / Double(1 << 53) }

    /// Normal with standard deviation `sigma` (Box–Muller).
    mutating func gaussian(sigma: Double) -> Double {
        sigma * (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
    }

    mutating func index(below count: Int) -> Int { Int(next() % UInt64(count)) }
}

/// Picks origin–destination pairs from the map's road nodes and plans the true route between them.
struct TripPlanner {
    let map: NavigatorMap
    var random: SeededRandom

    init(map: NavigatorMap, seed: UInt64) {
        self.map = map
        random = SeededRandom(seed: seed)
    }

    /// A random drivable node position.
    mutating func randomPoint() -> NavMap.Coordinate {
        map.graph.coordinate(ofNode: random.index(below: map.graph.nodeCount))
    }

    /// The fastest driving route from `origin` to `destination`, when there is one.
    func route(from origin: NavMap.Coordinate, to destinations: [NavMap.Coordinate], heading: Double? = nil)
        -> NavRouting.RouteLeg?
    {
        routeLegs(from: origin, to: destinations, heading: heading)?.first
    }

    func routeLegs(from origin: NavMap.Coordinate, to destinations: [NavMap.Coordinate], heading: Double? = nil)
        -> [NavRouting.RouteLeg]?
    {
        let waypoints = [NavRouting.Waypoint(coordinate: origin, heading: heading)]
            + destinations.map { NavRouting.Waypoint(coordinate: $0) }
        let result = map.router.route(NavRouting.RouteRequest(waypoints: waypoints))
        return result.status == .ok ? result.routes.first?.legs : nil
    }

    /// A trip between random points whose route is between `lengths` metres long.
    mutating func randomTrip(lengths: ClosedRange<Double> = 700...2_500) -> NavRouting.RouteLeg {
        while true {
            let origin = randomPoint()
            let destination = randomPoint()
            guard origin.distance(to: destination) > lengths.lowerBound / 2,
                let leg = route(from: origin, to: [destination]), lengths.contains(leg.distanceMeters),
                leg.coordinates.count > 3
            else { continue }
            return leg
        }
    }
}
