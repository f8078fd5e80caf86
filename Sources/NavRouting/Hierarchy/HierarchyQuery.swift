import NavCore
import NavMap

/// Per-query labels of the hierarchy search, kept between queries at "unreached" so that a query costs
/// time in proportion to the elimination-tree ancestors it visits, not to the size of the graph.
struct HierarchyLabels {
    var forward: [UInt32]
    var backward: [UInt32]
    /// The hierarchy edge a label came over, or `noEdge` at a start.
    var forwardEdge: [UInt32]
    var backwardEdge: [UInt32]
    var forwardSeen: [Bool]
    var backwardSeen: [Bool]
    var forwardVisit: [UInt32] = []
    var backwardVisit: [UInt32] = []

    init(vertexCount: Int) {
        forward = [UInt32](repeating: HierarchyMetric.infinity, count: vertexCount)
        backward = forward
        forwardEdge = [UInt32](repeating: HierarchyQuery.noEdge, count: vertexCount)
        backwardEdge = forwardEdge
        forwardSeen = [Bool](repeating: false, count: vertexCount)
        backwardSeen = forwardSeen
    }
}

/// The elimination-tree query: from every seed, walk up the elimination tree and relax each ancestor's
/// upward arcs in rank order, forward from the forward seeds and backward from the backward seeds; the best
/// meeting vertex gives the route, whose shortcuts are then unpacked into arcs. No priority queue is needed,
/// because every upper neighbour of a vertex is one of its ancestors and ancestors are visited in order.
///
/// The arcs relaxed are those of the metric's ``PrunedQueryGraph``: after perfect customization an ancestor
/// keeps only the arcs some shortest route needs, a third of its upper neighbours on the generated regions. The
/// ancestors visited stay the same; what shrinks is the work at each. Without the pruned graph (a metric read
/// back from a file, while it is being made) every edge of the hierarchy is relaxed, with the same answer.
///
/// The seeds come from ``LegEnds``, which follows the reference search's starts and ends exactly (partial
/// arcs, the arcs that may turn into a target arc, the destination-only stretches around the waypoints); the
/// metric itself covers only the open network.
struct HierarchyQuery {
    static let noEdge = UInt32.max

    let hierarchy: ContractionHierarchy
    let metric: HierarchyMetric
    /// The arcs to search; nil scans every edge of the hierarchy with the metric's weights (same answer, slower).
    let pruned: PrunedQueryGraph?

    init(hierarchy: ContractionHierarchy, metric: HierarchyMetric, pruned: PrunedQueryGraph?) {
        self.hierarchy = hierarchy
        self.metric = metric
        self.pruned = pruned
    }

    /// The query on the metric's pruned graph, or on the whole hierarchy while that is being made.
    init(hierarchy: ContractionHierarchy, metric: HierarchyMetric) {
        self.init(hierarchy: hierarchy, metric: metric, pruned: metric.queryGraph)
    }

    /// The cheapest travel over the open network from a forward seed to a backward seed that costs less than
    /// `bound`: its arcs, from the forward seed's arc to the backward seed's arc, and its cost with both seeds'.
    func run(forward: [HierarchySeed], backward: [HierarchySeed], bound: Int, labels: inout HierarchyLabels)
        -> (arcs: [UInt32], cost: Int)?
    {
        defer { reset(&labels) }
        var best = bound
        var meeting = UInt32.max
        seed(forward, labels: &labels.forward, seen: &labels.forwardSeen, visit: &labels.forwardVisit)
        seed(backward, labels: &labels.backward, seen: &labels.backwardSeen, visit: &labels.backwardVisit)
        labels.forwardVisit.sort()
        labels.backwardVisit.sort()
        relax(&labels, best: &best, meeting: &meeting)
        guard meeting != UInt32.max else { return nil }

        var ranks: [UInt32] = []
        var forwardEdges: [(edge: Int, low: UInt32)] = []
        // One stack for every unpacking: a short route unpacks a few dozen edges, each would allocate its own.
        var pending: [(edge: Int, low: UInt32, upward: Bool)] = []
        var vertex = meeting
        while labels.forwardEdge[Int(vertex)] != Self.noEdge {
            let edge = Int(labels.forwardEdge[Int(vertex)])
            vertex = UInt32(hierarchy.lowerEnd(ofEdge: edge))
            forwardEdges.append((edge, vertex))
        }
        ranks.append(vertex)
        for (edge, low) in forwardEdges.reversed() {
            unpack(edge: edge, low: low, upward: true, into: &ranks, pending: &pending)
        }
        vertex = meeting
        while labels.backwardEdge[Int(vertex)] != Self.noEdge {
            let edge = Int(labels.backwardEdge[Int(vertex)])
            let low = UInt32(hierarchy.lowerEnd(ofEdge: edge))
            unpack(edge: edge, low: low, upward: false, into: &ranks, pending: &pending)
            vertex = low
        }
        return (ranks.map { hierarchy.arcOfRank[Int($0)] }, best)
    }

    /// Labels one direction's seeds and lists their elimination-tree ancestors, each once.
    private func seed(_ seeds: [HierarchySeed], labels: inout [UInt32], seen: inout [Bool], visit: inout [UInt32]) {
        for seed in seeds {
            let rank = hierarchy.rankOfArc[Int(seed.arc)]
            let cost = UInt32(clamping: seed.cost)
            if cost < labels[Int(rank)] { labels[Int(rank)] = cost }
            collectAncestors(of: rank, seen: &seen, into: &visit)
        }
    }

    private func collectAncestors(of rank: UInt32, seen: inout [Bool], into visit: inout [UInt32]) {
        var vertex = rank
        while vertex != ContractionHierarchy.noRank && !seen[Int(vertex)] {
            seen[Int(vertex)] = true
            visit.append(vertex)
            vertex = hierarchy.parent[Int(vertex)]
        }
    }

    /// Both directions in one ascending sweep over the visited ancestors; a direction stops relaxing from a
    /// vertex whose label already reaches the best route found.
    private func relax(_ labels: inout HierarchyLabels, best: inout Int, meeting: inout UInt32) {
        if let pruned {
            pruned.forwardOffsets.withUnsafeBufferPointer { forwardOffsets in
                pruned.forwardArcs.withUnsafeBufferPointer { forwardArcs in
                    pruned.backwardOffsets.withUnsafeBufferPointer { backwardOffsets in
                        pruned.backwardArcs.withUnsafeBufferPointer { backwardArcs in
                            sweep(
                                PrunedArcs(offsets: forwardOffsets, arcs: forwardArcs),
                                PrunedArcs(offsets: backwardOffsets, arcs: backwardArcs), &labels, best: &best,
                                meeting: &meeting)
                        }
                    }
                }
            }
            return
        }
        hierarchy.upperOffsets.withUnsafeBufferPointer { offsets in
            hierarchy.upperTargets.withUnsafeBufferPointer { targets in
                metric.up.withUnsafeBufferPointer { up in
                    metric.down.withUnsafeBufferPointer { down in
                        sweep(
                            HierarchyArcs(offsets: offsets, targets: targets, weights: up),
                            HierarchyArcs(offsets: offsets, targets: targets, weights: down), &labels, best: &best,
                            meeting: &meeting)
                    }
                }
            }
        }
    }

    private func sweep<Arcs: UpwardArcs>(
        _ forwardArcs: Arcs, _ backwardArcs: Arcs, _ labels: inout HierarchyLabels, best: inout Int,
        meeting: inout UInt32
    ) {
        let forwardVisit = labels.forwardVisit
        let backwardVisit = labels.backwardVisit
        var f = 0
        var b = 0
        labels.forward.withUnsafeMutableBufferPointer { forward in
            labels.backward.withUnsafeMutableBufferPointer { backward in
                labels.forwardEdge.withUnsafeMutableBufferPointer { forwardEdge in
                    labels.backwardEdge.withUnsafeMutableBufferPointer { backwardEdge in
                        while f < forwardVisit.count || b < backwardVisit.count {
                            let nextForward = f < forwardVisit.count ? forwardVisit[f] : UInt32.max
                            let nextBackward = b < backwardVisit.count ? backwardVisit[b] : UInt32.max
                            let v = Int(min(nextForward, nextBackward))
                            if nextForward == UInt32(v) {
                                f += 1
                                Self.relaxArcs(of: v, forwardArcs, labels: forward, parents: forwardEdge, best: best)
                            }
                            if nextBackward == UInt32(v) {
                                b += 1
                                Self.relaxArcs(of: v, backwardArcs, labels: backward, parents: backwardEdge, best: best)
                            }
                            if forward[v] != HierarchyMetric.infinity && backward[v] != HierarchyMetric.infinity {
                                let total = Int(forward[v]) + Int(backward[v])
                                if total < best {
                                    best = total
                                    meeting = UInt32(v)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Relaxes the upward arcs of `v` in one direction, unless its label already reaches `best`.
    @inline(__always)
    private static func relaxArcs<Arcs: UpwardArcs>(
        of v: Int, _ arcs: Arcs, labels: UnsafeMutableBufferPointer<UInt32>,
        parents: UnsafeMutableBufferPointer<UInt32>, best: Int
    ) {
        let label = labels[v]
        guard label != HierarchyMetric.infinity, Int(label) < best else { return }
        for k in arcs.range(of: v) {
            let weight = arcs.weight(k)
            guard weight != HierarchyMetric.infinity else { continue }
            let cost = UInt64(label) + UInt64(weight)
            let w = arcs.head(k)
            if cost < UInt64(labels[w]) {
                labels[w] = UInt32(cost)
                parents[w] = arcs.edge(k)
            }
        }
    }

    /// Appends the ranks a hierarchy edge stands for, after its start: `upward` travels from the edge's
    /// lower end `low` to its upper end. Each part carries its lower end (a shortcut's middle is the lower end of
    /// both its halves), so that unpacking a long route does not search the edge list for it at every edge.
    private func unpack(
        edge: Int, low: UInt32, upward: Bool, into ranks: inout [UInt32],
        pending: inout [(edge: Int, low: UInt32, upward: Bool)]
    ) {
        pending.append((edge, low, upward))
        while let (e, low, isUp) = pending.popLast() {
            let middle = isUp ? metric.upMiddle[e] : metric.downMiddle[e]
            let high = hierarchy.upperTargets[e]
            guard middle != HierarchyMetric.noMiddle,
                let toLow = hierarchy.edgeIndex(from: Int(middle), to: low),
                let toHigh = hierarchy.edgeIndex(from: Int(middle), to: high)
            else {
                ranks.append(isUp ? high : low)
                continue
            }
            // Up: low → middle (down on middle–low), then middle → high (up on middle–high). Down reverses.
            if isUp {
                pending.append((toHigh, middle, true))
                pending.append((toLow, middle, false))
            } else {
                pending.append((toLow, middle, true))
                pending.append((toHigh, middle, false))
            }
        }
    }

    private func reset(_ labels: inout HierarchyLabels) {
        for v in labels.forwardVisit {
            labels.forward[Int(v)] = HierarchyMetric.infinity
            labels.forwardEdge[Int(v)] = Self.noEdge
            labels.forwardSeen[Int(v)] = false
        }
        for v in labels.backwardVisit {
            labels.backward[Int(v)] = HierarchyMetric.infinity
            labels.backwardEdge[Int(v)] = Self.noEdge
            labels.backwardSeen[Int(v)] = false
        }
        labels.forwardVisit.removeAll(keepingCapacity: true)
        labels.backwardVisit.removeAll(keepingCapacity: true)
    }
}

/// One direction's upward arcs as the elimination-tree query reads them: from a rank up to a head, with the
/// weight of that direction and the hierarchy edge to unpack.
private protocol UpwardArcs {
    func range(of v: Int) -> Range<Int>
    func head(_ k: Int) -> Int
    func weight(_ k: Int) -> UInt32
    func edge(_ k: Int) -> UInt32
}

/// The arcs perfect customization kept.
private struct PrunedArcs: UpwardArcs {
    let offsets: UnsafeBufferPointer<UInt32>
    let arcs: UnsafeBufferPointer<PrunedQueryGraph.Arc>

    @inline(__always) func range(of v: Int) -> Range<Int> { Int(offsets[v])..<Int(offsets[v + 1]) }
    @inline(__always) func head(_ k: Int) -> Int { Int(arcs[k].head) }
    @inline(__always) func weight(_ k: Int) -> UInt32 { arcs[k].weight }
    @inline(__always) func edge(_ k: Int) -> UInt32 { arcs[k].edge }
}

/// Every edge of the hierarchy, with one direction's weights.
private struct HierarchyArcs: UpwardArcs {
    let offsets: UnsafeBufferPointer<UInt32>
    let targets: UnsafeBufferPointer<UInt32>
    let weights: UnsafeBufferPointer<UInt32>

    @inline(__always) func range(of v: Int) -> Range<Int> { Int(offsets[v])..<Int(offsets[v + 1]) }
    @inline(__always) func head(_ k: Int) -> Int { Int(targets[k]) }
    @inline(__always) func weight(_ k: Int) -> UInt32 { weights[k] }
    @inline(__always) func edge(_ k: Int) -> UInt32 { UInt32(k) }
}
