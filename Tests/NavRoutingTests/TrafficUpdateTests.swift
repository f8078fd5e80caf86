import Foundation
import NavCore
import NavMap
@testable import NavRouting
import Testing

/// A traffic update on a large map, seen on a small one whose router customizes in the background as a large
/// map's does: until the new metric lands every answer keeps wholly to the previous traffic state or wholly to
/// the new one (cost and duration from the same state), and once it has landed every answer is exact against
/// plain Dijkstra under the new factors — before its pruned query graph is made and after.
@Suite struct TrafficUpdateTests {
    static let graph = HierarchyTests.graph

    static func backgroundRouter() -> Router {
        Router(
            graph: graph, places: PlacesCatalogue(), hierarchy: .build,
            networks: RouterNetworks(graph: graph, modes: [.driving], landmarkCount: 0, preparation: .upFront),
            inlineEdgeLimit: 0)
    }

    /// Plain Dijkstra's cost and duration for `stops` under `options`.
    static func reference(_ router: Router, _ stops: [Coordinate], _ options: RoutingOptions) -> (Int, Double)? {
        var options = options
        options.algorithm = .dijkstra
        let result = router.route(RouteRequest(waypoints: stops.map { Waypoint(coordinate: $0) }, options: options))
        guard result.status == .ok, let route = result.routes.first else { return nil }
        return (route.cost, route.durationSeconds)
    }

    static func agrees(_ route: Route, with reference: (Int, Double)?) -> Bool {
        guard let (cost, duration) = reference else { return false }
        return route.cost == cost && abs(route.durationSeconds - duration) <= 0.02 * max(1, duration)
    }

    @Test func answersKeepToOneTrafficStateWhileTheUpdateIsCustomized() {
        let router = Self.backgroundRouter()
        let freeFlow = RoutingOptions()
        let updates = [1, 2, 3].map { RoutingOptions(traffic: HierarchyTests.traffic(seed: $0)) }
        #expect(router.prepare(freeFlow))
        #expect(router.hasPrunedQueryGraph(for: freeFlow))
        let pairs = HierarchyTests.pairs(count: 30, seed: 41).map { [$0.0, $0.1] }
        var previous = freeFlow
        var answeredOnPrevious = 0
        for update in updates {
            for stops in pairs {
                let answer = router.route(
                    RouteRequest(waypoints: stops.map { Waypoint(coordinate: $0) }, options: update))
                guard answer.status == .ok, let route = answer.routes.first else {
                    #expect(Self.reference(router, stops, update) == nil)
                    continue
                }
                let onNew = Self.agrees(route, with: Self.reference(router, stops, update))
                let onPrevious = Self.agrees(route, with: Self.reference(router, stops, previous))
                #expect(onNew || onPrevious, "\(stops): cost \(route.cost), \(route.durationSeconds) s")
                if !onNew { answeredOnPrevious += 1 }
            }
            let deadline = Date().addingTimeInterval(60)
            while !router.hasPrunedQueryGraph(for: update) && Date() < deadline { usleep(2_000) }
            #expect(router.isCustomized(for: update))
            #expect(router.hasPrunedQueryGraph(for: update))
            HierarchyTests.expectExact(router, update, waypoints: pairs)
            previous = update
        }
        // The first request of each update starts its customization, which cannot be done before it is answered.
        #expect(answeredOnPrevious >= 1)
    }

    @Test func aMetricAnswersExactlyBeforeAndAfterItsPrunedGraphIsMade() {
        let hierarchy = PrunedQueryGraphTests.hierarchy
        let search = PrunedQueryGraphTests.metric(1)
        let turns = HierarchyTurns(hierarchy: hierarchy, search: search)
        let now = HierarchyMetric(hierarchy: hierarchy, search: search, turns: turns, pruning: .now)
        let later = HierarchyMetric(hierarchy: hierarchy, search: search, turns: turns, pruning: .inBackground)
        #expect(later.up == now.up && later.down == now.down)
        #expect(later.upMiddle == now.upMiddle && later.downMiddle == now.downMiddle)
        let whole = HierarchyQuery(hierarchy: hierarchy, metric: later, pruned: nil)
        let deadline = Date().addingTimeInterval(60)
        while later.queryGraph == nil && Date() < deadline { usleep(2_000) }
        guard let pruned = later.queryGraph, let reference = now.queryGraph else {
            Issue.record("the pruned graph made in the background never arrived")
            return
        }
        #expect(pruned.forwardArcs.map(\.edge) == reference.forwardArcs.map(\.edge))
        #expect(pruned.backwardArcs.map(\.edge) == reference.backwardArcs.map(\.edge))
        let onPruned = HierarchyQuery(hierarchy: hierarchy, metric: later, pruned: pruned)
        var labels = HierarchyLabels(vertexCount: hierarchy.vertexCount)
        var random = SeededGenerator(seed: 5)
        for _ in 0..<200 {
            let from = UInt32(random.next() % UInt64(Self.graph.arcCount))
            let to = UInt32(random.next() % UInt64(Self.graph.arcCount))
            let forward = [HierarchySeed(arc: from, cost: 0)]
            let backward = [HierarchySeed(arc: to, cost: 0)]
            let a = whole.run(forward: forward, backward: backward, bound: Int.max, labels: &labels)
            let b = onPruned.run(forward: forward, backward: backward, bound: Int.max, labels: &labels)
            #expect(a?.cost == b?.cost)
        }
    }

    /// The split of the elimination tree between two workers: the chain is one path up to a root, every other
    /// vertex belongs to a worker with its whole subtree, so the two workers never share a triangle.
    @Test func theWorkSplitKeepsEachSubtreeWithOneWorker() {
        let hierarchy = PrunedQueryGraphTests.hierarchy
        let split = hierarchy.subtreeSplit
        #expect(!split.chain.isEmpty)
        #expect(split.chain == split.chain.sorted())
        for (lower, upper) in zip(split.chain, split.chain.dropFirst()) {
            #expect(hierarchy.parent[lower] == UInt32(upper))
        }
        #expect(hierarchy.parent[split.chain.last ?? 0] == ContractionHierarchy.noRank)
        var owners = [0, 0]
        for v in 0..<hierarchy.vertexCount where split.group[v] != SubtreeSplit.chainGroup {
            let parent = hierarchy.parent[v]
            owners[Int(split.group[v])] += 1
            if parent != ContractionHierarchy.noRank, split.group[Int(parent)] != SubtreeSplit.chainGroup {
                #expect(split.group[Int(parent)] == split.group[v])
            }
        }
        // Both workers have work: the split is worth making on a hierarchy this size.
        #expect(owners[0] > 0 && owners[1] > 0)
        // Some chain vertex is shared between the workers, so the exactness tests on this hierarchy cover that too.
        let lower = hierarchy.lowerAdjacency
        #expect(
            split.chain.contains {
                Int(lower.offsets[$0 + 1] - lower.offsets[$0]) >= TriangleSweep.sharedLowerNeighbours
            })
    }
}
