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
/// upward edges in rank order, forward from the forward seeds and backward from the backward seeds; the best
/// meeting vertex gives the route, whose shortcuts are then unpacked into arcs. No priority queue is needed,
/// because every upper neighbour of a vertex is one of its ancestors and ancestors are visited in order.
///
/// The seeds come from ``LegEnds``, which follows the reference search's starts and ends exactly (partial
/// arcs, the arcs that may turn into a target arc, the destination-only stretches around the waypoints); the
/// metric itself covers only the open network.
struct HierarchyQuery {
    static let noEdge = UInt32.max

    let hierarchy: ContractionHierarchy
    let metric: HierarchyMetric

    /// The cheapest travel over the open network from a forward seed to a backward seed that costs less than
    /// `bound`: its arcs, from the forward seed's arc to the backward seed's arc, and its cost with both seeds'.
    func run(forward: [HierarchySeed], backward: [HierarchySeed], bound: Int, labels: inout HierarchyLabels)
        -> (arcs: [UInt32], cost: Int)?
    {
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
        defer { reset(&labels) }

        labels.forwardVisit.sort()
        labels.backwardVisit.sort()
        var best = bound
        var meeting = UInt32.max
        relax(&labels, best: &best, meeting: &meeting)
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
    }
}
