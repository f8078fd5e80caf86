import NavCore
import NavMap
import NavNavigator
import NavRouting

/// Picks origin–destination pairs from the map's road nodes and plans the true route between them.
struct TripPlanner {
    let map: NavigatorMap
    var random: SeededGenerator

    init(map: NavigatorMap, seed: UInt64) {
        self.map = map
        random = SeededGenerator(seed: seed)
    }

    /// A random drivable node position.
    mutating func randomPoint() -> Coordinate {
        map.graph.coordinate(ofNode: random.index(below: map.graph.nodeCount))
    }

    /// The fastest driving route from `origin` to `destination`, when there is one.
    func route(from origin: Coordinate, to destinations: [Coordinate], heading: Double? = nil)
        -> NavRouting.RouteLeg?
    {
        routeLegs(from: origin, to: destinations, heading: heading)?.first
    }

    func routeLegs(from origin: Coordinate, to destinations: [Coordinate], heading: Double? = nil)
        -> [NavRouting.RouteLeg]?
    {
        let waypoints =
            [NavRouting.Waypoint(coordinate: origin, heading: heading)]
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
