import NavCore
import Foundation
import NavMap
import NavRouting
import Testing

@Suite struct ConcurrencyTests {
    @Test func oneRouterServesManyTasksAtOnce() async throws {
        let network = SyntheticNetwork(nodeCount: 2_500, seed: 6)
        let router = Router(graph: try network.graph(), modes: [.driving])
        var random = SeededGenerator(seed: 1)
        let requests = (0..<40).map { _ in
            RouteRequest(waypoints: [
                Waypoint(coordinate: router.graph.coordinate(ofNode: Int(random.next() % 2_500))),
                Waypoint(coordinate: router.graph.coordinate(ofNode: Int(random.next() % 2_500))),
            ])
        }
        let sequential = requests.map { router.route($0).routes.first?.cost }
        let concurrent = await withTaskGroup(of: (Int, Int?).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask { (index, router.route(request).routes.first?.cost) }
            }
            var costs = [Int?](repeating: nil, count: requests.count)
            for await (index, cost) in group { costs[index] = cost }
            return costs
        }
        #expect(concurrent == sequential)
    }
}
