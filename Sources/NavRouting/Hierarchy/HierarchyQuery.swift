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
    /// The vertices a query labelled (the elimination-tree query: the ancestors it walks), reset after it.
    var forwardVisit: [UInt32] = []
    var backwardVisit: [UInt32] = []
    var forwardHeap = BinaryHeap()
    var backwardHeap = BinaryHeap()

    init(vertexCount: Int) {
        forward = [UInt32](repeating: HierarchyMetric.infinity, count: vertexCount)
        backward = forward
        forwardEdge = [UInt32](repeating: HierarchyQuery.noEdge, count: vertexCount)
        backwardEdge = forwardEdge
        forwardSeen = [Bool](repeating: false, count: vertexCount)
        backwardSeen = forwardSeen
    }
}

/// The hierarchy search of one leg: upward from the forward seeds and, backwards, upward from the backward seeds;
/// the best meeting vertex gives the route, whose shortcuts are then unpacked into arcs.
///
/// On the metric's ``PrunedQueryGraph`` (the arcs perfect customization kept) it is a bidirectional Dijkstra
/// with stall-on-demand, as on a contraction hierarchy: each direction settles vertices in order of distance,
/// stops once its next distance reaches the best meeting found, and does not go on from a vertex that a
/// higher-ranked settled vertex reaches more cheaply by a downward arc (no shortest route climbs through it).
/// On a metric with a road hierarchy that settles a small part of the elimination-tree ancestors, and each
/// keeps only the arcs some shortest route needs instead of the hundreds of upper neighbours a separator vertex
/// has.
///
/// Without the pruned graph (a metric read back from a file, while it is being made) it is the elimination-tree
/// query on every edge: walk up the elimination tree from every seed and relax each ancestor's upward edges in
/// rank order, stopping a direction at vertices whose label reaches the best meeting. No priority queue is
/// needed there, because every upper neighbour of a vertex is one of its ancestors and ancestors are visited in
/// order.
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
        if let pruned {
            search(pruned, forward: forward, backward: backward, &labels, best: &best, meeting: &meeting)
        } else {
            for seed in forward {
                let rank = hierarchy.rankOfArc[Int(seed.arc)]
                let cost = UInt32(clamping: seed.cost)
                if cost < labels.forward[Int(rank)] { labels.forward[Int(rank)] = cost }
                collectAncestors(of: rank, seen: &labels.forwardSeen, into: &labels.forwardVisit)
            }
            for seed in backward {
                let rank = hierarchy.rankOfArc[Int(seed.arc)]
                let cost = UInt32(clamping: seed.cost)
                if cost < labels.backward[Int(rank)] { labels.backward[Int(rank)] = cost }
                collectAncestors(of: rank, seen: &labels.backwardSeen, into: &labels.backwardVisit)
            }
            labels.forwardVisit.sort()
            labels.backwardVisit.sort()
            relax(&labels, best: &best, meeting: &meeting)
        }
        guard meeting != UInt32.max else { return nil }

        var ranks: [UInt32] = []
        var forwardEdges: [Int] = []
        // One stack for every unpacking: a short route unpacks a few dozen edges, each would allocate its own.
        var pending: [(edge: Int, upward: Bool)] = []
        var vertex = meeting
        while labels.forwardEdge[Int(vertex)] != Self.noEdge {
            let edge = Int(labels.forwardEdge[Int(vertex)])
            forwardEdges.append(edge)
            vertex = UInt32(hierarchy.lowerEnd(ofEdge: edge))
        }
        ranks.append(vertex)
        for edge in forwardEdges.reversed() {
            unpack(edge: edge, upward: true, into: &ranks, pending: &pending)
        }
        vertex = meeting
        while labels.backwardEdge[Int(vertex)] != Self.noEdge {
            let edge = Int(labels.backwardEdge[Int(vertex)])
            unpack(edge: edge, upward: false, into: &ranks, pending: &pending)
            vertex = UInt32(hierarchy.lowerEnd(ofEdge: edge))
        }
        return (ranks.map { hierarchy.arcOfRank[Int($0)] }, best)
    }

    /// Bidirectional Dijkstra with stall-on-demand on the pruned graph. The forward search follows the
    /// forward arcs up; the backward search follows the backward arcs up, which travel down to it. A vertex is
    /// stalled in one direction when some higher vertex that direction has labelled reaches it by an arc of the
    /// other list (a downward travel) for less than its own label.
    private func search(
        _ pruned: PrunedQueryGraph, forward: [HierarchySeed], backward: [HierarchySeed],
        _ labels: inout HierarchyLabels, best: inout Int, meeting: inout UInt32
    ) {
        push(forward, labels: &labels.forward, visit: &labels.forwardVisit, heap: &labels.forwardHeap)
        push(backward, labels: &labels.backward, visit: &labels.backwardVisit, heap: &labels.backwardHeap)
        pruned.forwardOffsets.withUnsafeBufferPointer { forwardOffsets in
            pruned.forwardArcs.withUnsafeBufferPointer { forwardArcs in
                pruned.backwardOffsets.withUnsafeBufferPointer { backwardOffsets in
                    pruned.backwardArcs.withUnsafeBufferPointer { backwardArcs in
                        labels.forward.withUnsafeMutableBufferPointer { forwardLabels in
                            labels.backward.withUnsafeMutableBufferPointer { backwardLabels in
                                labels.forwardEdge.withUnsafeMutableBufferPointer { forwardEdge in
                                    labels.backwardEdge.withUnsafeMutableBufferPointer { backwardEdge in
                                        let forward = Direction(
                                            labels: forwardLabels, parents: forwardEdge,
                                            up: (forwardOffsets, forwardArcs), down: (backwardOffsets, backwardArcs))
                                        let backward = Direction(
                                            labels: backwardLabels, parents: backwardEdge,
                                            up: (backwardOffsets, backwardArcs), down: (forwardOffsets, forwardArcs))
                                        while true {
                                            let nextForward = labels.forwardHeap.top?.key ?? Int.max
                                            let nextBackward = labels.backwardHeap.top?.key ?? Int.max
                                            // Both directions have settled everything closer than `best`: no
                                            // cheaper meeting is left.
                                            if min(nextForward, nextBackward) >= best { break }
                                            if nextForward <= nextBackward {
                                                forward.settle(
                                                    &labels.forwardHeap, visit: &labels.forwardVisit,
                                                    other: backwardLabels, best: &best, meeting: &meeting)
                                            } else {
                                                backward.settle(
                                                    &labels.backwardHeap, visit: &labels.backwardVisit,
                                                    other: forwardLabels, best: &best, meeting: &meeting)
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Labels one direction's seeds and puts them on its heap.
    private func push(_ seeds: [HierarchySeed], labels: inout [UInt32], visit: inout [UInt32], heap: inout BinaryHeap) {
        for seed in seeds {
            let rank = hierarchy.rankOfArc[Int(seed.arc)]
            let cost = UInt32(clamping: seed.cost)
            guard cost < labels[Int(rank)] else { continue }
            if labels[Int(rank)] == HierarchyMetric.infinity { visit.append(rank) }
            labels[Int(rank)] = cost
            heap.push(.init(key: Int(cost), cost: Int(cost), state: rank))
        }
    }

    /// One direction of the search on the pruned graph: its labels and parent edges, the arcs it follows (`up`)
    /// and the other direction's, whose arcs into a vertex from above are what stalls it (`down`).
    private struct Direction {
        typealias ArcList = (offsets: UnsafeBufferPointer<UInt32>, arcs: UnsafeBufferPointer<PrunedQueryGraph.Arc>)
        let labels: UnsafeMutableBufferPointer<UInt32>
        let parents: UnsafeMutableBufferPointer<UInt32>
        let up: ArcList
        let down: ArcList

        /// Settles the next vertex of the heap, if its entry is current.
        @inline(__always)
        func settle(
            _ heap: inout BinaryHeap, visit: inout [UInt32], other: UnsafeMutableBufferPointer<UInt32>,
            best: inout Int, meeting: inout UInt32
        ) {
            guard let entry = heap.pop() else { return }
            let v = Int(entry.state)
            guard entry.cost == Int(labels[v]) else { return }
            if other[v] != HierarchyMetric.infinity, entry.cost + Int(other[v]) < best {
                best = entry.cost + Int(other[v])
                meeting = UInt32(v)
            }
            for k in Int(down.offsets[v])..<Int(down.offsets[v + 1]) {
                let arc = down.arcs[k]
                let above = labels[Int(arc.head)]
                if above != HierarchyMetric.infinity && Int(above) + Int(arc.weight) < entry.cost { return }
            }
            for k in Int(up.offsets[v])..<Int(up.offsets[v + 1]) {
                let arc = up.arcs[k]
                let cost = entry.cost + Int(arc.weight)
                let w = Int(arc.head)
                if cost < Int(labels[w]) {
                    if labels[w] == HierarchyMetric.infinity { visit.append(arc.head) }
                    labels[w] = UInt32(clamping: cost)
                    parents[w] = arc.edge
                    heap.push(.init(key: cost, cost: Int(labels[w]), state: arc.head))
                }
            }
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
        let forwardVisit = labels.forwardVisit
        let backwardVisit = labels.backwardVisit
        var f = 0
        var b = 0
        hierarchy.upperOffsets.withUnsafeBufferPointer { offsets in
            hierarchy.upperTargets.withUnsafeBufferPointer { targets in
                metric.up.withUnsafeBufferPointer { up in
                    metric.down.withUnsafeBufferPointer { down in
                        labels.forward.withUnsafeMutableBufferPointer { forward in
                            labels.backward.withUnsafeMutableBufferPointer { backward in
                                labels.forwardEdge.withUnsafeMutableBufferPointer { forwardEdge in
                                    labels.backwardEdge.withUnsafeMutableBufferPointer { backwardEdge in
                                        while f < forwardVisit.count || b < backwardVisit.count {
                                            let nextForward = f < forwardVisit.count ? forwardVisit[f] : UInt32.max
                                            let nextBackward = b < backwardVisit.count ? backwardVisit[b] : UInt32.max
                                            let v = Int(min(nextForward, nextBackward))
                                            let edges = Int(offsets[v])..<Int(offsets[v + 1])
                                            if nextForward == UInt32(v) {
                                                f += 1
                                                Self.relaxEdges(
                                                    of: v, edges: edges, targets: targets, weights: up, labels: forward,
                                                    parents: forwardEdge, best: best)
                                            }
                                            if nextBackward == UInt32(v) {
                                                b += 1
                                                Self.relaxEdges(
                                                    of: v, edges: edges, targets: targets, weights: down,
                                                    labels: backward, parents: backwardEdge, best: best)
                                            }
                                            if forward[v] != HierarchyMetric.infinity
                                                && backward[v] != HierarchyMetric.infinity
                                            {
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
                }
            }
        }
    }

    /// Relaxes the upward edges of `v` in one direction, unless its label already reaches `best`.
    @inline(__always)
    private static func relaxEdges(
        of v: Int, edges: Range<Int>, targets: UnsafeBufferPointer<UInt32>, weights: UnsafeBufferPointer<UInt32>,
        labels: UnsafeMutableBufferPointer<UInt32>, parents: UnsafeMutableBufferPointer<UInt32>, best: Int
    ) {
        let label = labels[v]
        guard label != HierarchyMetric.infinity, Int(label) < best else { return }
        for k in edges where weights[k] != HierarchyMetric.infinity {
            let cost = UInt64(label) + UInt64(weights[k])
            let w = Int(targets[k])
            if cost < UInt64(labels[w]) {
                labels[w] = UInt32(cost)
                parents[w] = UInt32(k)
            }
        }
    }

    /// Appends the ranks a hierarchy edge stands for, after its start: `upward` travels from the edge's
    /// lower end to its upper end.
    private func unpack(
        edge: Int, upward: Bool, into ranks: inout [UInt32], pending: inout [(edge: Int, upward: Bool)]
    ) {
        pending.append((edge, upward))
        while let (e, isUp) = pending.popLast() {
            let middle = isUp ? metric.upMiddle[e] : metric.downMiddle[e]
            let high = hierarchy.upperTargets[e]
            let low = UInt32(hierarchy.lowerEnd(ofEdge: e))
            guard middle != HierarchyMetric.noMiddle,
                let toLow = hierarchy.edgeIndex(from: Int(middle), to: low),
                let toHigh = hierarchy.edgeIndex(from: Int(middle), to: high)
            else {
                ranks.append(isUp ? high : low)
                continue
            }
            // Up: low → middle (down on middle–low), then middle → high (up on middle–high). Down reverses.
            if isUp {
                pending.append((toHigh, true))
                pending.append((toLow, false))
            } else {
                pending.append((toLow, true))
                pending.append((toHigh, false))
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
        labels.forwardHeap.removeAll()
        labels.backwardHeap.removeAll()
    }
}
