import NavCore
import NavMap
import NavRouting
import Testing

@Suite struct AlternativeRouteTests {
    static let router: Router = Router(
        graph: try! SyntheticNetwork(nodeCount: 1_600, seed: 4).graph(), modes: [.driving])

    func request(_ strategy: AlternateRoutesStrategy) -> RouteRequest {
        let graph = Self.router.graph
        let side = 40
        let from = graph.coordinate(ofNode: graph.node(forOSMID: Int64(5 * side + 5 + 1))!)
        let to = graph.coordinate(ofNode: graph.node(forOSMID: Int64(24 * side + 15 + 1))!)
        return RouteRequest(
            waypoints: [Waypoint(coordinate: from), Waypoint(coordinate: to)],
            options: RoutingOptions(alternateRoutes: strategy))
    }

    func sharedFraction(_ a: Route, _ b: Route) -> Double {
        let segmentsB = Set(b.legs[0].arcs.map { $0 >> 1 })
        let graph = Self.router.graph
        var shared = 0.0
        var total = 0.0
        for arc in a.legs[0].arcs {
            let length = graph.lengthMeters(ofSegment: arc >> 1)
            total += length
            if segmentsB.contains(arc >> 1) { shared += length }
        }
        return shared / total
    }

    @Test func noneGivesOnlyTheFastest() {
        let result = Self.router.route(request(.noAlternates))
        #expect(result.status == .ok)
        #expect(result.routes.count == 1)
    }

    @Test func oneGivesAtMostOneAlternative() {
        let result = Self.router.route(request(.one))
        #expect(result.routes.count == 2)
    }

    @Test func allGivesMeaningfullyDifferentRoutesWithinBounds() {
        let result = Self.router.route(request(.all))
        #expect(result.routes.count == 3)
        let best = result.routes[0]
        for (i, alternative) in result.routes.enumerated().dropFirst() {
            #expect(Double(alternative.cost) <= Double(best.cost) * 1.25 + 1)
            #expect(alternative.cost >= best.cost)
            for other in result.routes[..<i] {
                #expect(sharedFraction(alternative, other) <= 0.75 + 1e-9)
            }
        }
    }
}
