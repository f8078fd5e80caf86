import NavCore
import NavTesting
import Foundation
import NavMap
import NavRouting
import Testing

/// The automatic search (the contraction hierarchy) must return exactly the cost of plain Dijkstra.
@Suite struct HelsinkiExactnessTests {
    static let router: Router? = {
        guard let path = try? SampleMaps.path("helsinki.osm.pbf"), let graph = try? MapLoader.load(path: path) else {
            return nil
        }
        return Router(graph: graph)
    }()

    static func loadedRouter() throws -> Router {
        guard let router else {
            throw TestSupportError("maps/helsinki.osm.pbf is missing or unreadable: run scripts/fetch-maps.sh")
        }
        return router
    }

    /// 200 seeded random origin/destination pairs inside the map's bounding box.
    static func pairs(seed: UInt64, graph: RoadGraph, count: Int = 200) -> [(Coordinate, Coordinate)] {
        var random = SeededGenerator(seed: seed)
        var result: [(Coordinate, Coordinate)] = []
        while result.count < count {
            let a = graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount)))
            let b = graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount)))
            if a.distance(to: b) > 50 { result.append((a, b)) }
        }
        return result
    }

    struct Scenario: Sendable, CustomStringConvertible {
        var name: String
        var mode: TravelMode
        var avoidsHighways = false
        var avoidsTolls = false
        var avoidsFerries = false
        var trafficSlowdown = false
        var pairCount = 200
        var description: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "driving", mode: .driving),
        Scenario(
            name: "driving avoiding highways, tolls and ferries, with traffic", mode: .driving, avoidsHighways: true,
            avoidsTolls: true, avoidsFerries: true, trafficSlowdown: true),
        Scenario(name: "cycling", mode: .cycling, pairCount: 50),
        Scenario(name: "walking", mode: .walking, pairCount: 50),
    ]

    /// The sample map has destination-only streets (Rautatientori, Vilhonkatu, …), so the rule is exercised.
    @Test func helsinkiHasDestinationOnlyStreets() throws {
        #expect(try Self.loadedRouter().graph.hasRestrictedArcs(for: .driving))
    }

    @Test(arguments: scenarios)
    func optimisedSearchMatchesDijkstra(_ scenario: Scenario) throws {
        let router = try Self.loadedRouter()
        let graph = router.graph
        var traffic = TrafficSpeedFactors()
        if scenario.trafficSlowdown {
            var random = SeededGenerator(seed: 99)
            for way in 0..<graph.wayCount where random.nextUnit() < 0.3 {
                traffic.byWayID[graph.osmID(ofWay: way)] = 0.2 + 0.8 * random.nextUnit()
            }
        }
        var compared = 0
        for (a, b) in Self.pairs(seed: 42, graph: graph, count: scenario.pairCount) {
            var options = RoutingOptions(
                travelMode: scenario.mode, avoidsHighways: scenario.avoidsHighways, avoidsTolls: scenario.avoidsTolls,
                avoidsFerries: scenario.avoidsFerries, traffic: traffic)
            let waypoints = [Waypoint(coordinate: a), Waypoint(coordinate: b)]
            let fast = router.route(RouteRequest(waypoints: waypoints, options: options))
            options.algorithm = .dijkstra
            let reference = router.route(RouteRequest(waypoints: waypoints, options: options))
            #expect(fast.status == reference.status)
            if fast.status == .ok, reference.status == .ok {
                #expect(fast.routes[0].cost == reference.routes[0].cost, "\(a) -> \(b)")
                // Both obey the rule for destination-only roads (no through traffic).
                for route in [fast.routes[0], reference.routes[0]] {
                    let restricted = route.legs[0].arcs.map { graph.isRestricted(scenario.mode, onArc: $0) }
                    #expect(ThroughTrafficRule.allows(restricted), "\(a) -> \(b)")
                }
                compared += 1
            }
        }
        // A few random points fall on one-way dead ends that no route can leave; both searches agree on those.
        #expect(compared >= scenario.pairCount * 3 / 4)
        // The automatic search ran on the hierarchy, destination-only streets and all, never on the fallback.
        #expect(router.legSearchCounts.onHierarchy >= compared)
        #expect(router.legSearchCounts.fallbacks == 0)
    }
}
