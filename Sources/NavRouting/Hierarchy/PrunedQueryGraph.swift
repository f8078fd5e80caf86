import Foundation
import NavMap

/// The hierarchy arcs a query needs under one metric, found by perfect customization (Dibbelt, Strasser,
/// Wagner), in a compact layout for the query.
///
/// Basic customization leaves on every edge the cheapest travel between its ends through *lower* vertices.
/// The perfect pass visits the vertices from the top down and lowers each of a vertex x's edges to the true
/// distance: travel x→y may also leave x towards another upper neighbour z and go on z→y, whose edge is
/// already perfect (both ends rank above x). An arc whose distance ends up below its basic weight is not a
/// shortest way between its ends, and no shortest route needs it: contracting a shortest route of the road
/// network lowest vertex first gives an up-down path of the hierarchy whose every arc stands for a piece of
/// that route, so its basic weight already is its distance. Those arcs are kept with their basic weights
/// (which the basic middles unpack); ties stay, so the proof needs no tie-breaking. On a metric with a road
/// hierarchy most arcs are dropped, so the query scans a fraction of the edges it would otherwise.
///
/// Per rank two lists of (head, weight, edge) triples: the forward search's upward arcs (travel from the rank
/// up to the head) and the backward search's (travel from the head down to the rank).
struct PrunedQueryGraph: Sendable {
    struct Arc: Sendable, BitwiseCopyable {
        var head: UInt32
        var weight: UInt32
        /// The hierarchy edge, for unpacking.
        var edge: UInt32
    }

    /// The forward arcs of rank r: `forwardArcs[forwardOffsets[r] ..< forwardOffsets[r + 1]]`.
    let forwardOffsets: ReadOnlyArray<UInt32>
    let forwardArcs: ReadOnlyArray<Arc>
    let backwardOffsets: ReadOnlyArray<UInt32>
    let backwardArcs: ReadOnlyArray<Arc>

    var arcCount: Int { forwardArcs.count + backwardArcs.count }

    init(
        forwardOffsets: ReadOnlyArray<UInt32>, forwardArcs: ReadOnlyArray<Arc>,
        backwardOffsets: ReadOnlyArray<UInt32>, backwardArcs: ReadOnlyArray<Arc>
    ) {
        self.forwardOffsets = forwardOffsets
        self.forwardArcs = forwardArcs
        self.backwardOffsets = backwardOffsets
        self.backwardArcs = backwardArcs
    }

    init(forwardOffsets: [UInt32], forwardArcs: [Arc], backwardOffsets: [UInt32], backwardArcs: [Arc]) {
        self.init(
            forwardOffsets: ReadOnlyArray(forwardOffsets), forwardArcs: ReadOnlyArray(forwardArcs),
            backwardOffsets: ReadOnlyArray(backwardOffsets), backwardArcs: ReadOnlyArray(backwardArcs))
    }

    /// Writes the graph for ``HierarchyMetricFile``, aligned so that a navigator uses it in place.
    func append(to writer: inout some PayloadWriter) {
        writer.appendAligned(forwardOffsets)
        writer.appendAligned(forwardArcs)
        writer.appendAligned(backwardOffsets)
        writer.appendAligned(backwardArcs)
    }

    /// Reads what ``append(to:)`` wrote; whether it fits the hierarchy is for the caller to check (``fits(_:)``)
    /// before the graph is used.
    /// - Throws: the reader's errors when the data ends early.
    init(reading reader: inout BinaryReader) throws {
        let forwardOffsets: ReadOnlyArray<UInt32> = try reader.alignedArray()
        let forwardArcs: ReadOnlyArray<Arc> = try reader.alignedArray()
        let backwardOffsets: ReadOnlyArray<UInt32> = try reader.alignedArray()
        let backwardArcs: ReadOnlyArray<Arc> = try reader.alignedArray()
        self.init(
            forwardOffsets: forwardOffsets, forwardArcs: forwardArcs, backwardOffsets: backwardOffsets,
            backwardArcs: backwardArcs)
    }

    /// Whether every arc is an edge of `hierarchy` at its own rank, so that the query and unpacking stay in
    /// bounds: for a query graph read back from a file.
    func fits(_ hierarchy: ContractionHierarchy) -> Bool {
        let n = hierarchy.vertexCount
        return hierarchy.upperOffsets.withUnsafeBufferPointer { upperOffsets in
            hierarchy.upperTargets.withUnsafeBufferPointer { upperTargets in
                [(forwardOffsets, forwardArcs), (backwardOffsets, backwardArcs)].allSatisfy { offsets, arcs in
                    offsets.withUnsafeBufferPointer { offsets in
                        arcs.withUnsafeBufferPointer { arcs in
                            Self.fits(offsets, arcs, vertexCount: n, upperOffsets: upperOffsets, upperTargets: upperTargets)
                        }
                    }
                }
            }
        }
    }

    /// One direction's lists against the hierarchy's upper adjacency.
    private static func fits(
        _ offsets: UnsafeBufferPointer<UInt32>, _ arcs: UnsafeBufferPointer<Arc>, vertexCount n: Int,
        upperOffsets: UnsafeBufferPointer<UInt32>, upperTargets: UnsafeBufferPointer<UInt32>
    ) -> Bool {
        guard offsets.count == n + 1, offsets.first == 0, Int(offsets[n]) == arcs.count else { return false }
        for r in 0..<n {
            guard offsets[r] <= offsets[r + 1] else { return false }
            let edges = upperOffsets[r]..<upperOffsets[r + 1]
            for arc in arcs[Int(offsets[r])..<Int(offsets[r + 1])] {
                guard edges.contains(arc.edge), upperTargets[Int(arc.edge)] == arc.head else { return false }
            }
        }
        return true
    }

    /// Prunes the basically customized weights `up` and `down` of `hierarchy`.
    /// - Parameter buffers: where the perfect pass's working copies of the weights come from and go back to.
    init(
        hierarchy: ContractionHierarchy, up basicUp: ReadOnlyArray<UInt32>, down basicDown: ReadOnlyArray<UInt32>,
        buffers: CustomizationBuffers? = nil
    ) {
        let offsets = hierarchy.upperOffsets
        let targets = hierarchy.upperTargets
        let n = hierarchy.vertexCount
        func copy(_ weights: ReadOnlyArray<UInt32>) -> [UInt32] {
            weights.withUnsafeBufferPointer { buffers?.take(copying: $0) ?? Array($0) }
        }
        var perfectUp = copy(basicUp)
        var perfectDown = copy(basicDown)
        defer {
            buffers?.give(perfectUp)
            buffers?.give(perfectDown)
        }
        perfectUp.withUnsafeMutableBufferPointer { perfectUp in
            perfectDown.withUnsafeMutableBufferPointer { perfectDown in
                let sweep = PerfectSweep(
                    offsets: offsets, targets: targets, lower: hierarchy.lowerAdjacency, up: perfectUp,
                    down: perfectDown)
                if ProcessInfo.processInfo.activeProcessorCount < 2 || targets.count < TriangleSweep.parallelEdgeCount {
                    sweep.run((0..<n).reversed(), group: nil, own: 0)
                } else {
                    // Top down: the chain first, then both workers on the subtrees off it.
                    let split = hierarchy.subtreeSplit
                    sweep.run(split.chain.reversed(), group: nil, own: 0, sharing: true)
                    split.group.withUnsafeBufferPointer { group in
                        let shared = SharedGroup(group: group)
                        DispatchQueue.concurrentPerform(iterations: 2) { worker in
                            sweep.run((0..<n).reversed(), group: shared.group, own: UInt8(worker))
                        }
                    }
                }
            }
        }
        // Counted first, then written into arrays of their final size: appending would copy a growing array
        // several times over, into fresh memory each time.
        var forwardOffsets = [UInt32](repeating: 0, count: n + 1)
        var backwardOffsets = [UInt32](repeating: 0, count: n + 1)
        let infinity = HierarchyMetric.infinity
        var forwardArcs: [Arc] = []
        var backwardArcs: [Arc] = []
        basicUp.withUnsafeBufferPointer { up in
            basicDown.withUnsafeBufferPointer { down in
                // Kept unless perfect customization found it strictly cheaper (or nothing reaches across).
                func keepsUp(_ e: Int) -> Bool { up[e] != infinity && perfectUp[e] == up[e] }
                func keepsDown(_ e: Int) -> Bool { down[e] != infinity && perfectDown[e] == down[e] }
                var forwardCount: UInt32 = 0
                var backwardCount: UInt32 = 0
                for r in 0..<n {
                    for e in Int(offsets[r])..<Int(offsets[r + 1]) {
                        if keepsUp(e) { forwardCount += 1 }
                        if keepsDown(e) { backwardCount += 1 }
                    }
                    forwardOffsets[r + 1] = forwardCount
                    backwardOffsets[r + 1] = backwardCount
                }
                func arcs(_ count: UInt32, _ weights: UnsafeBufferPointer<UInt32>, _ keeps: (Int) -> Bool) -> [Arc] {
                    [Arc](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
                        // The ranks' edges lie one after the other, so this is rank order as well.
                        var next = 0
                        for e in targets.indices where keeps(e) {
                            buffer.initializeElement(
                                at: next, to: Arc(head: targets[e], weight: weights[e], edge: UInt32(e)))
                            next += 1
                        }
                        initialized = next
                    }
                }
                forwardArcs = arcs(forwardCount, up, keepsUp)
                backwardArcs = arcs(backwardCount, down, keepsDown)
            }
        }
        self.init(
            forwardOffsets: forwardOffsets, forwardArcs: forwardArcs, backwardOffsets: backwardOffsets,
            backwardArcs: backwardArcs)
    }
}

/// The top-down pass of perfect customization over one range of vertices, by triangles.
///
/// A triangle v < u < w (edges v–u, v–w, u–w) lowers the lowest vertex's two edges: v→u may go v→w→u and v→w
/// may go v→u→w (and the same backwards), through u–w, whose weights are final because u ranks above v.
/// Visiting u from the top down, every triangle whose middle vertex is u is found from u's lower neighbours v
/// and their upper neighbours w above u, with u's own weights in a workspace indexed by w (no search), and
/// pushes onto v's edges. By the time a vertex's turn comes, every triangle it is the lowest of has been
/// pushed by a higher vertex, so its edges are final. Weights only ever drop to lengths of real paths, so
/// taking them partly lowered changes nothing in the result: each edge ends at the true distance.
///
/// A vertex writes only its descendants' edges and reads its own and theirs, so the workers of a
/// ``SubtreeSplit`` never touch the same edge once the chain above them is done.
private struct PerfectSweep: @unchecked Sendable {
    let offsets: [UInt32]
    let targets: [UInt32]
    let lower: LowerAdjacency
    let up: UnsafeMutableBufferPointer<UInt32>
    let down: UnsafeMutableBufferPointer<UInt32>

    /// Sweeps `vertices` top down (those of group `own` when groups are given). With `sharing`, a vertex with
    /// many lower neighbours has them lowered by both workers at once: each lower neighbour's edges are its
    /// own, so the halves write apart and the result is the serial one.
    func run(_ vertices: some Sequence<Int>, group: UnsafeBufferPointer<UInt8>?, own: UInt8, sharing: Bool = false) {
        let n = offsets.count - 1
        // u→w and w→u of the current vertex u, by w, side by side: the sweep reaches them at random.
        var aroundU = [SIMD2<UInt32>](repeating: SIMD2(repeating: HierarchyMetric.infinity), count: n)
        Tables.with(offsets: offsets, targets: targets, lower: lower) { tables in
            aroundU.withUnsafeMutableBufferPointer { aroundU in
                let around = Around(values: UnsafeBufferPointer(aroundU))
                for u in vertices {
                    if let group, group[u] != own { continue }
                    for e in Int(tables.offsets[u])..<Int(tables.offsets[u + 1]) {
                        aroundU[Int(tables.targets[e])] = SIMD2(up[e], down[e])
                    }
                    let parts =
                        sharing
                        ? tables.lowerParts(of: u) : [Int(tables.lowerOffsets[u])..<Int(tables.lowerOffsets[u + 1])]
                    if parts.count == 1 {
                        lowerNeighbours(parts[0], tables, around)
                    } else {
                        DispatchQueue.concurrentPerform(iterations: parts.count) { part in
                            lowerNeighbours(parts[part], tables, around)
                        }
                    }
                }
            }
        }
    }

    /// The current vertex's workspace, read by both workers of a shared vertex.
    private struct Around: @unchecked Sendable {
        let values: UnsafeBufferPointer<SIMD2<UInt32>>
    }

    /// Lowers the edges of the current vertex u's lower neighbours `lowerRange` through u's triangles.
    @inline(__always)
    private func lowerNeighbours(_ lowerRange: Range<Int>, _ tables: Tables, _ around: Around) {
        for k in lowerRange {
            let f = Int(tables.lowerEdges[k])
            let v = Int(tables.lowerEnds[k])
            if k + 1 < lowerRange.upperBound {
                tables.prefetchLowerNeighbour(k + 1, up: up.baseAddress, down: down.baseAddress)
            }
            // v→u and u→v, lowered through each w in turn.
            var vToU = UInt64(up[f])
            var uToV = UInt64(down[f])
            for g in (f + 1)..<Int(tables.offsets[v + 1]) {
                let w = Int(tables.targets[g])
                let uw = around.values[w]
                let uToW = UInt64(uw.x)
                let wToU = UInt64(uw.y)
                let vToW = UInt64(up[g])
                let wToV = UInt64(down[g])
                // Sums with an infinite part never win (weights are at most infinity), so no test is needed.
                vToU = min(vToU, vToW + wToU)
                uToV = min(uToV, uToW + wToV)
                let viaUp = vToU + uToW
                if viaUp < vToW { up[g] = UInt32(viaUp) }
                let viaDown = wToU + uToV
                if viaDown < wToV { down[g] = UInt32(viaDown) }
            }
            up[f] = UInt32(vToU)
            down[f] = UInt32(uToV)
        }
    }
}
