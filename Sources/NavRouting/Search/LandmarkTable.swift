import NavMap

/// Exact travel times from and to a few far-apart landmark nodes. By the triangle inequality they give
/// lower bounds on the time between any two nodes, which stay valid when edges are removed or slowed.
struct LandmarkTable: Sendable {
    let count: Int
    /// `fromLandmark[node * count + i]`: time from landmark i to node.
    let fromLandmark: [UInt32]
    /// `toLandmark[node * count + i]`: time from node to landmark i.
    let toLandmark: [UInt32]
    let nodes: [Int]

    init(graph: RoadGraph, weights: [UInt32], inMainComponent: [Bool], count wanted: Int) {
        let n = graph.nodeCount
        guard let seed = inMainComponent.firstIndex(of: true), wanted > 0 else {
            count = 0
            fromLandmark = []
            toLandmark = []
            nodes = []
            return
        }
        // Farthest-point selection: each landmark is the node farthest from those already chosen.
        var chosen: [Int] = []
        var nearest = [UInt64](repeating: UInt64.max, count: n)
        var forwardTables: [[UInt32]] = []
        var backwardTables: [[UInt32]] = []
        var next = LandmarkTable.farthest(
            LandmarkTable.dijkstra(graph: graph, weights: weights, from: seed, forward: true), in: inMainComponent)
        for _ in 0..<min(wanted, n) {
            chosen.append(next)
            let forward = LandmarkTable.dijkstra(graph: graph, weights: weights, from: next, forward: true)
            let backward = LandmarkTable.dijkstra(graph: graph, weights: weights, from: next, forward: false)
            forwardTables.append(forward)
            backwardTables.append(backward)
            var bestNode = next
            var bestDistance: UInt64 = 0
            for v in 0..<n where inMainComponent[v] {
                let d =
                    UInt64(forward[v] == ModeNetwork.unreachable ? 0 : forward[v])
                    + UInt64(backward[v] == ModeNetwork.unreachable ? 0 : backward[v])
                nearest[v] = min(nearest[v], d)
                if nearest[v] > bestDistance && !chosen.contains(v) {
                    bestDistance = nearest[v]
                    bestNode = v
                }
            }
            if bestNode == next { break }
            next = bestNode
        }
        let k = chosen.count
        var from = [UInt32](repeating: ModeNetwork.unreachable, count: n * k)
        var to = [UInt32](repeating: ModeNetwork.unreachable, count: n * k)
        for i in 0..<k {
            for v in 0..<n {
                from[v * k + i] = forwardTables[i][v]
                to[v * k + i] = backwardTables[i][v]
            }
        }
        count = k
        fromLandmark = from
        toLandmark = to
        nodes = chosen
    }

    private static func farthest(_ distances: [UInt32], in mask: [Bool]) -> Int {
        var best = mask.firstIndex(of: true) ?? 0
        var bestDistance: UInt32 = 0
        for (v, d) in distances.enumerated() where mask[v] && d != ModeNetwork.unreachable && d > bestDistance {
            best = v
            bestDistance = d
        }
        return best
    }

    /// Node-based Dijkstra (turn restrictions ignored, which only makes the bounds lower, hence still valid).
    static func dijkstra(graph: RoadGraph, weights: [UInt32], from source: Int, forward: Bool) -> [UInt32] {
        var distance = [UInt32](repeating: ModeNetwork.unreachable, count: graph.nodeCount)
        var heap = BinaryHeap()
        distance[source] = 0
        heap.push(.init(key: 0, cost: 0, state: UInt32(source)))
        while let entry = heap.pop() {
            let node = Int(entry.state)
            guard entry.cost == Int(distance[node]) else { continue }
            let arcs = forward ? graph.outgoingArcs(ofNode: node) : graph.incomingArcs(ofNode: node)
            for arc in arcs {
                let w = weights[Int(arc)]
                guard w != ModeNetwork.unreachable else { continue }
                let other = Int(forward ? graph.head(ofArc: Int(arc)) : graph.tail(ofArc: Int(arc)))
                let candidate = entry.cost + Int(w)
                if candidate < Int(distance[other]) {
                    distance[other] = UInt32(min(candidate, Int(ModeNetwork.unreachable - 1)))
                    heap.push(.init(key: candidate, cost: Int(distance[other]), state: UInt32(other)))
                }
            }
        }
        return distance
    }

    /// Lower bound on the time from `v` to `w`.
    @inline(__always) func lowerBound(from v: Int, to w: Int) -> Int {
        var best = 0
        let vBase = v * count
        let wBase = w * count
        for i in 0..<count {
            let fv = fromLandmark[vBase + i]
            let fw = fromLandmark[wBase + i]
            if fv != ModeNetwork.unreachable && fw != ModeNetwork.unreachable {
                best = max(best, Int(fw) - Int(fv))
            }
            let tv = toLandmark[vBase + i]
            let tw = toLandmark[wBase + i]
            if tv != ModeNetwork.unreachable && tw != ModeNetwork.unreachable {
                best = max(best, Int(tv) - Int(tw))
            }
        }
        return best
    }
}
