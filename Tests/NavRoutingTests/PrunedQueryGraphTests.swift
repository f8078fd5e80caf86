import NavCore
import NavMap
@testable import NavRouting
import Testing

/// Perfect customization's pruned query graph answers every arc-to-arc query with the cost the whole hierarchy
/// gives (itself exact against Dijkstra, see ``HierarchyTests``), along a path that really costs that much and
/// takes only allowed turns — under free flow, traffic slower and faster than free flow, and avoid flags.
@Suite struct PrunedQueryGraphTests {
    static let graph = HierarchyTests.graph
    static let hierarchy = ContractionHierarchy(graph: graph)

    static func search(mode: TravelMode, avoided: UInt8 = 0, factors: [Float]? = nil) -> ShortestPathSearch {
        ShortestPathSearch(
            graph: graph, network: ModeNetwork(graph: graph, mode: mode, landmarkCount: 0), avoidedFlags: avoided,
            forbiddenFlags: 0, factors: factors, useLandmarks: false, bidirectional: true, isCanceled: nil)
    }

    /// Per-arc factors between 0.3 and 1.8.
    static var traffic: [Float] {
        var random = SeededGenerator(seed: 11)
        return (0..<graph.arcCount).map { _ in Float(0.3 + 1.5 * random.nextUnit()) }
    }

    static let metricNames = ["driving", "driving with traffic", "walking", "cycling avoiding highways"]

    static func metric(_ index: Int) -> ShortestPathSearch {
        switch index {
        case 0: search(mode: .driving)
        case 1: search(mode: .driving, factors: traffic)
        case 2: search(mode: .walking)
        default: search(mode: .cycling, avoided: RoadGraph.SegmentFlags.highway.rawValue)
        }
    }

    @Test(arguments: 0..<metricNames.count)
    func prunedGraphAnswersLikeTheWholeHierarchy(metricIndex: Int) {
        let (name, search) = (Self.metricNames[metricIndex], Self.metric(metricIndex))
        let hierarchy = Self.hierarchy
        let metric = HierarchyMetric(hierarchy: hierarchy, search: search)
        guard let pruned = metric.queryGraph else {
            Issue.record("a customized metric has its query graph at once")
            return
        }
        // What pruning is for: most arcs are no shortest way between their ends.
        #expect(pruned.arcCount < hierarchy.edgeCount, "\(name)")
        #expect(pruned.fits(hierarchy))
        let onPruned = HierarchyQuery(hierarchy: hierarchy, metric: metric, pruned: pruned)
        let onWhole = HierarchyQuery(hierarchy: hierarchy, metric: metric, pruned: nil)
        var labels = HierarchyLabels(vertexCount: hierarchy.vertexCount)
        var random = SeededGenerator(seed: UInt64(7 + metricIndex))
        var found = 0
        for _ in 0..<400 {
            let from = UInt32(random.next() % UInt64(Self.graph.arcCount))
            let to = UInt32(random.next() % UInt64(Self.graph.arcCount))
            guard from != to, search.weight(Int(from)) != nil, search.weight(Int(to)) != nil else { continue }
            let forward = [HierarchySeed(arc: from, cost: 0)]
            let backward = [HierarchySeed(arc: to, cost: 0)]
            let whole = onWhole.run(forward: forward, backward: backward, bound: Int.max, labels: &labels)
            let fast = onPruned.run(forward: forward, backward: backward, bound: Int.max, labels: &labels)
            #expect(fast?.cost == whole?.cost, "\(name): \(from) → \(to)")
            guard let fast else { continue }
            found += 1
            #expect(fast.arcs.first == from && fast.arcs.last == to)
            var cost = 0
            for (a, b) in zip(fast.arcs, fast.arcs.dropFirst()) {
                let node = Int(Self.graph.head(ofArc: Int(a)))
                #expect(Self.graph.tail(ofArc: Int(b)) == UInt32(node))
                #expect(search.turnAllowed(from: Int(a), to: Int(b), at: node), "\(name): turn \(a) → \(b)")
                cost += (search.weight(Int(b)) ?? Int.max / 4) + search.turnCost(from: Int(a), to: Int(b), at: node)
            }
            #expect(cost == fast.cost, "\(name): the unpacked path costs what the query said")
        }
        #expect(found > 200, "\(name): most random arc pairs are connected")
    }

    @Test func aQueryGraphOfAnotherShapeDoesNotFit() throws {
        let metric = HierarchyMetric(hierarchy: Self.hierarchy, search: Self.search(mode: .driving))
        let pruned = try #require(metric.queryGraph)
        var arcs = Array(pruned.forwardArcs)
        let k = try #require(arcs.indices.first { arcs[$0].edge > 0 })
        arcs[k].edge -= 1
        let damaged = PrunedQueryGraph(
            forwardOffsets: pruned.forwardOffsets, forwardArcs: ReadOnlyArray(arcs),
            backwardOffsets: pruned.backwardOffsets, backwardArcs: pruned.backwardArcs)
        #expect(!damaged.fits(Self.hierarchy))
        let truncated = PrunedQueryGraph(
            forwardOffsets: pruned.forwardOffsets, forwardArcs: ReadOnlyArray(Array(pruned.forwardArcs.dropLast())),
            backwardOffsets: pruned.backwardOffsets, backwardArcs: pruned.backwardArcs)
        #expect(!truncated.fits(Self.hierarchy))
    }
}
