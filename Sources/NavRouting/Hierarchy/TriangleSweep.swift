import CPrefetch
import Foundation

/// The lower-triangle sweep of a customization (basic customization), on both cores.
///
/// Each vertex u *pulls* its edges' weights from its lower triangles: for every lower neighbour v (an edge
/// v–u with v below u) and every upper neighbour w of v above u, travel u→w may go u→v→w and w→u may go
/// w→v→u. The edge u–w exists for every such w (the upper neighbours of v form a clique), so instead of
/// searching for it the sweep relaxes a workspace indexed by vertex, filled with u's own edges before and
/// copied back after (the triangle enumeration needs no search and no merge). Vertices in rank order: v's
/// edges are final before u reads them.
///
/// A vertex only writes its own edges and reads those of its elimination-tree descendants, so the subtrees
/// off the tree's heavy chain (``SubtreeSplit``) are swept by two workers at once, the chain afterwards.
/// Minima do not depend on the order they are taken in, so the weights are the serial sweep's exactly.
struct TriangleSweep {
    let offsets: [UInt32]
    let targets: [UInt32]
    let parent: [UInt32]
    let lower: LowerAdjacency
    let split: SubtreeSplit
    /// Below this many edges (a few milliseconds of work) one core is as fast as sharing out.
    static let parallelEdgeCount = 50_000

    init(hierarchy: ContractionHierarchy) {
        offsets = hierarchy.upperOffsets
        targets = hierarchy.upperTargets
        parent = hierarchy.parent
        lower = hierarchy.lowerAdjacency
        split = hierarchy.subtreeSplit
    }

    /// The four arrays the sweep relaxes, as pointers. Shared between the two workers because each writes
    /// only the edges of its own vertices, which is what the type checker cannot see.
    struct Weights: @unchecked Sendable {
        var up: UnsafeMutableBufferPointer<UInt32>
        var down: UnsafeMutableBufferPointer<UInt32>
        var upMiddle: UnsafeMutableBufferPointer<UInt32>
        var downMiddle: UnsafeMutableBufferPointer<UInt32>
    }

    func run(up: inout [UInt32], down: inout [UInt32], upMiddle: inout [UInt32], downMiddle: inout [UInt32]) {
        let n = offsets.count - 1
        guard n > 0 else { return }
        up.withUnsafeMutableBufferPointer { up in
            down.withUnsafeMutableBufferPointer { down in
                upMiddle.withUnsafeMutableBufferPointer { upMiddle in
                    downMiddle.withUnsafeMutableBufferPointer { downMiddle in
                        let weights = Weights(up: up, down: down, upMiddle: upMiddle, downMiddle: downMiddle)
                        if ProcessInfo.processInfo.activeProcessorCount < 2 || targets.count < Self.parallelEdgeCount {
                            var workspace = Workspace(vertexCount: n)
                            sweep(0..<n, group: nil, own: 0, weights, &workspace)
                        } else {
                            let split = split
                            split.group.withUnsafeBufferPointer { group in
                                let shared = SharedGroup(group: group)
                                DispatchQueue.concurrentPerform(iterations: 2) { worker in
                                    var workspace = Workspace(vertexCount: n)
                                    sweep(0..<n, group: shared.group, own: UInt8(worker), weights, &workspace)
                                }
                            }
                            sweepChain(split.chain, weights, vertexCount: n)
                        }
                    }
                }
            }
        }
    }

    /// Per worker: the weights and middles of the current vertex's edges, by their upper end. One slot of
    /// 16 bytes per vertex rather than four arrays: the sweep reaches a slot at random, and then all four
    /// values share one cache line.
    struct Workspace {
        struct Slot {
            var up: UInt32
            var down: UInt32
            var upMiddle: UInt32
            var downMiddle: UInt32
        }

        var slots: [Slot]

        init(vertexCount: Int) {
            let infinity = HierarchyMetric.infinity
            slots = [Slot](
                repeating: Slot(up: infinity, down: infinity, upMiddle: infinity, downMiddle: infinity),
                count: vertexCount)
        }
    }

    /// A workspace's slots as a pointer, for a worker of the chain's shared vertices.
    private struct Slots: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<Workspace.Slot>
    }

    private func withTables<T>(_ body: (Tables) -> T) -> T {
        Tables.with(offsets: offsets, targets: targets, lower: lower, body)
    }

    /// Relaxes the lower triangles of each vertex in `vertices` (of group `own` when groups are given).
    private func sweep(
        _ vertices: some Sequence<Int>, group: UnsafeBufferPointer<UInt8>?, own: UInt8, _ weights: Weights,
        _ workspace: inout Workspace
    ) {
        withTables { tables in
            workspace.slots.withUnsafeMutableBufferPointer { slots in
                for u in vertices {
                    if let group, group[u] != own { continue }
                    let edges = Int(tables.offsets[u])..<Int(tables.offsets[u + 1])
                    guard !edges.isEmpty else { continue }
                    Self.load(edges, tables, weights, slots)
                    Self.relax(
                        Int(tables.lowerOffsets[u])..<Int(tables.lowerOffsets[u + 1]), tables, weights, slots)
                    for e in edges {
                        let slot = slots[Int(tables.targets[e])]
                        weights.up[e] = slot.up
                        weights.down[e] = slot.down
                        weights.upMiddle[e] = slot.upMiddle
                        weights.downMiddle[e] = slot.downMiddle
                    }
                }
            }
        }
    }

    /// Chain vertices with at least this many lower neighbours share them out between the two workers; the
    /// top separators' vertices have thousands, and the chain was a fifth of the 1M region's sweep on one core.
    static let sharedLowerNeighbours = 256

    /// Sweeps the chain in rank order. A vertex with many lower neighbours is shared: each worker relaxes
    /// half of them into a workspace of its own, and the two are merged. Taking the first worker's value
    /// on a tie keeps the middle the serial sweep finds (the earliest lower neighbour that gives the minimum).
    private func sweepChain(_ chain: [Int], _ weights: Weights, vertexCount n: Int) {
        var first = Workspace(vertexCount: n)
        var second = Workspace(vertexCount: n)
        withTables { tables in
            first.slots.withUnsafeMutableBufferPointer { firstSlots in
                second.slots.withUnsafeMutableBufferPointer { secondSlots in
                    let halves = [Slots(slots: firstSlots), Slots(slots: secondSlots)]
                    for u in chain {
                        let edges = Int(tables.offsets[u])..<Int(tables.offsets[u + 1])
                        guard !edges.isEmpty else { continue }
                        let parts = tables.lowerParts(of: u)
                        if parts.count == 1 {
                            Self.load(edges, tables, weights, firstSlots)
                            Self.relax(parts[0], tables, weights, firstSlots)
                        } else {
                            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                                Self.load(edges, tables, weights, halves[worker].slots)
                                Self.relax(parts[worker], tables, weights, halves[worker].slots)
                            }
                        }
                        for e in edges {
                            let w = Int(tables.targets[e])
                            var slot = firstSlots[w]
                            if parts.count == 2 {
                                let other = secondSlots[w]
                                if other.up < slot.up {
                                    (slot.up, slot.upMiddle) = (other.up, other.upMiddle)
                                }
                                if other.down < slot.down {
                                    (slot.down, slot.downMiddle) = (other.down, other.downMiddle)
                                }
                            }
                            weights.up[e] = slot.up
                            weights.down[e] = slot.down
                            weights.upMiddle[e] = slot.upMiddle
                            weights.downMiddle[e] = slot.downMiddle
                        }
                    }
                }
            }
        }
    }

    /// Puts the current vertex's own edges into the workspace: weights as they are, no middle yet.
    @inline(__always)
    private static func load(
        _ edges: Range<Int>, _ tables: Tables, _ weights: Weights, _ slots: UnsafeMutableBufferPointer<Workspace.Slot>
    ) {
        for e in edges {
            slots[Int(tables.targets[e])] = Workspace.Slot(
                up: weights.up[e], down: weights.down[e], upMiddle: weights.upMiddle[e],
                downMiddle: weights.downMiddle[e])
        }
    }

    /// Relaxes the current vertex u's workspace through the lower neighbours `lowerRange` (indices into the
    /// lower adjacency of u).
    @inline(__always)
    private static func relax(
        _ lowerRange: Range<Int>, _ tables: Tables, _ weights: Weights,
        _ slots: UnsafeMutableBufferPointer<Workspace.Slot>
    ) {
        for k in lowerRange {
            // The edge v–u: v→u is its up weight, u→v its down weight.
            let f = Int(tables.lowerEdges[k])
            let v = tables.lowerEnds[k]
            // The next lower neighbour's edges lie anywhere in the arrays: ask for them now, so that they arrive
            // while this one's triangles are relaxed (about 60 each at 1M nodes) instead of stalling after.
            if k + 1 < lowerRange.upperBound {
                tables.prefetchLowerNeighbour(k + 1, up: weights.up.baseAddress, down: weights.down.baseAddress)
            }
            let vToU = UInt64(weights.up[f])
            let uToV = UInt64(weights.down[f])
            if vToU == UInt64(HierarchyMetric.infinity) && uToV == UInt64(HierarchyMetric.infinity) { continue }
            // v's upper neighbours after u are exactly those above u.
            for g in (f + 1)..<Int(tables.offsets[Int(v) + 1]) {
                let w = Int(tables.targets[g])
                // A sum with an infinite part is never below a weight, which is at most infinity: no test needed.
                let viaUp = uToV + UInt64(weights.up[g])
                if viaUp < UInt64(slots[w].up) {
                    slots[w].up = UInt32(viaUp)
                    slots[w].upMiddle = v
                }
                let viaDown = UInt64(weights.down[g]) + vToU
                if viaDown < UInt64(slots[w].down) {
                    slots[w].down = UInt32(viaDown)
                    slots[w].downMiddle = v
                }
            }
        }
    }
}

/// The hierarchy's arrays a customization sweep reads, as pointers (valid inside ``with(offsets:targets:lower:_:)``),
/// to share between the workers of one vertex.
struct Tables: @unchecked Sendable {
    let offsets: UnsafeBufferPointer<UInt32>
    let targets: UnsafeBufferPointer<UInt32>
    let lowerOffsets: UnsafeBufferPointer<UInt32>
    let lowerEdges: UnsafeBufferPointer<UInt32>
    let lowerEnds: UnsafeBufferPointer<UInt32>

    static func with<T>(
        offsets: [UInt32], targets: [UInt32], lower: LowerAdjacency, _ body: (Tables) -> T
    ) -> T {
        offsets.withUnsafeBufferPointer { offsets in
            targets.withUnsafeBufferPointer { targets in
                lower.offsets.withUnsafeBufferPointer { lowerOffsets in
                    lower.edges.withUnsafeBufferPointer { lowerEdges in
                        lower.ends.withUnsafeBufferPointer { lowerEnds in
                            body(
                                Tables(
                                    offsets: offsets, targets: targets, lowerOffsets: lowerOffsets,
                                    lowerEdges: lowerEdges, lowerEnds: lowerEnds))
                        }
                    }
                }
            }
        }
    }

    /// Asks the cache for what relaxing lower neighbour `k` (an index into the lower adjacency) reads first: its
    /// edge's weights and the start of its upper list, which lie anywhere in the arrays. A hint: it changes nothing.
    @inline(__always)
    func prefetchLowerNeighbour(_ k: Int, up: UnsafeMutablePointer<UInt32>?, down: UnsafeMutablePointer<UInt32>?) {
        let edge = Int(lowerEdges[k])
        navbus_prefetch(up.map { $0 + edge })
        navbus_prefetch(down.map { $0 + edge })
        navbus_prefetch(targets.baseAddress.map { $0 + edge })
        navbus_prefetch(offsets.baseAddress.map { $0 + Int(lowerEnds[k]) })
    }

    /// The lower neighbours of `u` (indices into the lower adjacency) in two halves when there are at least
    /// ``TriangleSweep/sharedLowerNeighbours`` of them, else one part.
    func lowerParts(of u: Int) -> [Range<Int>] {
        let start = Int(lowerOffsets[u])
        let end = Int(lowerOffsets[u + 1])
        guard end - start >= TriangleSweep.sharedLowerNeighbours else { return [start..<end] }
        return [start..<(start + end) / 2, (start + end) / 2..<end]
    }
}

/// Which worker each vertex belongs to; only read while the workers run.
struct SharedGroup: @unchecked Sendable {
    let group: UnsafeBufferPointer<UInt8>
}

/// Each vertex's *lower* neighbours: the edges that end at it from below, with their lower ends. Customization
/// walks a vertex's lower triangles through them.
struct LowerAdjacency: Sendable {
    /// The edges ending at rank r from below: `edges[offsets[r] ..< offsets[r + 1]]`, their lower ends in `ends`.
    let offsets: [UInt32]
    let edges: [UInt32]
    let ends: [UInt32]

    init(upperOffsets: [UInt32], upperTargets: [UInt32]) {
        let n = upperOffsets.count - 1
        var offsets = [UInt32](repeating: 0, count: n + 1)
        for target in upperTargets { offsets[Int(target) + 1] += 1 }
        for r in 0..<n { offsets[r + 1] += offsets[r] }
        var fill = offsets
        var edges = [UInt32](repeating: 0, count: upperTargets.count)
        var ends = [UInt32](repeating: 0, count: upperTargets.count)
        for v in 0..<n {
            for e in Int(upperOffsets[v])..<Int(upperOffsets[v + 1]) {
                let target = Int(upperTargets[e])
                edges[Int(fill[target])] = UInt32(e)
                ends[Int(fill[target])] = UInt32(v)
                fill[target] += 1
            }
        }
        self.offsets = offsets
        self.edges = edges
        self.ends = ends
    }
}
