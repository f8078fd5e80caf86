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
                            var workspace = Workspace(vertexCount: n)
                            sweep(split.chain, group: nil, own: 0, weights, &workspace)
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

    /// Relaxes the lower triangles of each vertex in `vertices` (of group `own` when groups are given).
    private func sweep(
        _ vertices: some Sequence<Int>, group: UnsafeBufferPointer<UInt8>?, own: UInt8, _ weights: Weights,
        _ workspace: inout Workspace
    ) {
        offsets.withUnsafeBufferPointer { offsets in
            targets.withUnsafeBufferPointer { targets in
                lower.offsets.withUnsafeBufferPointer { lowerOffsets in
                    lower.edges.withUnsafeBufferPointer { lowerEdges in
                        lower.ends.withUnsafeBufferPointer { lowerEnds in
                            workspace.slots.withUnsafeMutableBufferPointer { slots in
                                for u in vertices {
                                    if let group, group[u] != own { continue }
                                    let edges = Int(offsets[u])..<Int(offsets[u + 1])
                                    guard !edges.isEmpty else { continue }
                                    for e in edges {
                                        slots[Int(targets[e])] = Workspace.Slot(
                                            up: weights.up[e], down: weights.down[e], upMiddle: weights.upMiddle[e],
                                            downMiddle: weights.downMiddle[e])
                                    }
                                    for k in Int(lowerOffsets[u])..<Int(lowerOffsets[u + 1]) {
                                        // The edge v–u: v→u is its up weight, u→v its down weight.
                                        let f = Int(lowerEdges[k])
                                        let v = lowerEnds[k]
                                        let vToU = UInt64(weights.up[f])
                                        let uToV = UInt64(weights.down[f])
                                        if vToU == UInt64(HierarchyMetric.infinity)
                                            && uToV == UInt64(HierarchyMetric.infinity)
                                        {
                                            continue
                                        }
                                        // v's upper neighbours after u are exactly those above u.
                                        for g in (f + 1)..<Int(offsets[Int(v) + 1]) {
                                            let w = Int(targets[g])
                                            // A sum with an infinite part is never below a weight, which is at
                                            // most infinity: no test needed.
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
                                    for e in edges {
                                        let slot = slots[Int(targets[e])]
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
            }
        }
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
