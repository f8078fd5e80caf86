import Foundation

/// The lower-triangle sweep of a customization, on both cores.
///
/// Vertex v relaxes, for every pair of its upper neighbours u < w, the edge u–w through v; the edge's
/// lower end u is an ancestor of v in the elimination tree. Below the highest vertex where the tree
/// branches, the subtrees hanging from it are independent: a vertex only writes edges whose lower end
/// lies in its own subtree, or on the chain of separator vertices above the branch. So the subtrees are
/// shared out between two workers, each keeps its own copy of the chain's edges (a few hundred thousand at
/// a million nodes) and the copies are merged by taking the cheaper weight; then the chain is swept alone.
/// Minima do not depend on the order they are taken in, so the result is the serial sweep's exactly.
struct TriangleSweep {
    let offsets: [UInt32]
    let targets: [UInt32]
    let parent: [UInt32]
    static let infinity = HierarchyMetric.infinity
    /// Below this many edges (a few milliseconds of work) one core is as fast as sharing out.
    static let parallelEdgeCount = 50_000

    init(hierarchy: ContractionHierarchy) {
        offsets = hierarchy.upperOffsets
        targets = hierarchy.upperTargets
        parent = hierarchy.parent
    }

    /// The four arrays the sweep relaxes, as pointers; each worker is handed its own copy of the chain part.
    /// Shared between the two workers because they write disjoint edges (those of their own subtrees and
    /// of their own chain copy), which is what the type checker cannot see.
    struct Weights: @unchecked Sendable {
        var up: UnsafeMutableBufferPointer<UInt32>
        var down: UnsafeMutableBufferPointer<UInt32>
        var upMiddle: UnsafeMutableBufferPointer<UInt32>
        var downMiddle: UnsafeMutableBufferPointer<UInt32>
    }

    /// Which worker each vertex belongs to; only read while the workers run.
    struct Groups: @unchecked Sendable {
        let group: UnsafeBufferPointer<UInt8>
    }

    func run(up: inout [UInt32], down: inout [UInt32], upMiddle: inout [UInt32], downMiddle: inout [UInt32]) {
        let n = offsets.count - 1
        guard n > 0 else { return }
        up.withUnsafeMutableBufferPointer { up in
            down.withUnsafeMutableBufferPointer { down in
                upMiddle.withUnsafeMutableBufferPointer { upMiddle in
                    downMiddle.withUnsafeMutableBufferPointer { downMiddle in
                        let weights = Weights(up: up, down: down, upMiddle: upMiddle, downMiddle: downMiddle)
                        let workers = ProcessInfo.processInfo.activeProcessorCount
                        if workers < 2 || targets.count < Self.parallelEdgeCount {
                            sweep(vertices: 0..<n, group: nil, own: 0, weights, chain: nil)
                        } else {
                            sweepInParallel(weights)
                        }
                    }
                }
            }
        }
    }

    private func sweepInParallel(_ weights: Weights) {
        let n = offsets.count - 1
        // The branch: from the root of the heaviest tree, follow the heaviest child while it holds most of
        // the work (work ~ upper degree squared). Any branch rank is exact: a vertex below it writes the
        // edges of its own subtree there or of vertices above it (into the copy); the vertices above are
        // swept alone afterwards.
        var weight = [UInt64](repeating: 0, count: n)
        var heaviestChild = [Int](repeating: -1, count: n)
        for v in 0..<n {
            let degree = UInt64(offsets[v + 1] - offsets[v])
            weight[v] += degree &* degree + 1
            let p = parent[v]
            guard p != ContractionHierarchy.noRank else { continue }
            weight[Int(p)] += weight[v]
            if heaviestChild[Int(p)] < 0 || weight[heaviestChild[Int(p)]] < weight[v] { heaviestChild[Int(p)] = v }
        }
        var branch = (0..<n).filter { parent[$0] == ContractionHierarchy.noRank }.max { weight[$0] < weight[$1] } ?? n - 1
        while heaviestChild[branch] >= 0 && 3 * weight[heaviestChild[branch]] >= 2 * weight[branch] {
            branch = heaviestChild[branch]
        }
        let tops = (0..<branch).filter { parent[$0] == ContractionHierarchy.noRank || Int(parent[$0]) >= branch }
            .sorted { weight[$0] > weight[$1] }
        var group = [UInt8](repeating: 2, count: n)
        var load: [UInt64] = [0, 0]
        for top in tops {
            let lighter = load[0] <= load[1] ? 0 : 1
            group[top] = UInt8(lighter)
            load[lighter] += weight[top]
        }
        for v in stride(from: branch - 1, through: 0, by: -1) where group[v] == 2 {
            group[v] = group[Int(parent[v])]
        }

        let chainStart = branch < n ? Int(offsets[branch]) : targets.count
        let chainCount = targets.count - chainStart
        let chainCopy =
            Array(weights.up[chainStart...]) + Array(weights.down[chainStart...])
            + Array(weights.upMiddle[chainStart...]) + Array(weights.downMiddle[chainStart...])
        var firstCopy = chainCopy
        var secondCopy = chainCopy
        firstCopy.withUnsafeMutableBufferPointer { first in
            secondCopy.withUnsafeMutableBufferPointer { second in
                let chains = [first, second].map { copy in
                    Weights(
                        up: UnsafeMutableBufferPointer(rebasing: copy[0..<chainCount]),
                        down: UnsafeMutableBufferPointer(rebasing: copy[chainCount..<2 * chainCount]),
                        upMiddle: UnsafeMutableBufferPointer(rebasing: copy[2 * chainCount..<3 * chainCount]),
                        downMiddle: UnsafeMutableBufferPointer(rebasing: copy[3 * chainCount..<4 * chainCount]))
                }
                group.withUnsafeBufferPointer { group in
                    let work = Groups(group: group)
                    let below = branch
                    DispatchQueue.concurrentPerform(iterations: 2) { worker in
                        sweep(
                            vertices: 0..<below, group: work.group, own: UInt8(worker), weights,
                            chain: (start: chainStart, weights: chains[worker]))
                    }
                }
                for k in 0..<chainCount {
                    let e = chainStart + k
                    let (a, b) = (chains[0], chains[1])
                    (weights.up[e], weights.upMiddle[e]) =
                        a.up[k] <= b.up[k] ? (a.up[k], a.upMiddle[k]) : (b.up[k], b.upMiddle[k])
                    (weights.down[e], weights.downMiddle[e]) =
                        a.down[k] <= b.down[k] ? (a.down[k], a.downMiddle[k]) : (b.down[k], b.downMiddle[k])
                }
            }
        }
        sweep(vertices: branch..<n, group: nil, own: 0, weights, chain: nil)
    }

    /// Relaxes the lower triangles of `vertices` (those of group `own` when groups are given); writes to
    /// edges from `chain.start` on go to the chain copy.
    private func sweep(
        vertices: Range<Int>, group: UnsafeBufferPointer<UInt8>?, own: UInt8, _ weights: Weights,
        chain: (start: Int, weights: Weights)?
    ) {
        let infinity = Self.infinity
        let chainStart = chain?.start ?? Int.max
        offsets.withUnsafeBufferPointer { offsets in
            targets.withUnsafeBufferPointer { targets in
                for v in vertices {
                    if let group, group[v] != own { continue }
                    let start = Int(offsets[v])
                    let end = Int(offsets[v + 1])
                    // v's own edges lie below the chain: v is below the branch, or there is no chain.
                    for i in start..<end {
                        // v→u is up[i], u→v is down[i].
                        let fromU = weights.down[i]
                        let toU = weights.up[i]
                        if fromU == infinity && toU == infinity { continue }
                        let u = Int(targets[i])
                        var p = Int(offsets[u])
                        let pEnd = Int(offsets[u + 1])
                        let into = p >= chainStart ? chain!.weights : weights
                        let shift = p >= chainStart ? chainStart : 0
                        for j in (i + 1)..<end {
                            let w = targets[j]
                            while p < pEnd && targets[p] < w { p += 1 }
                            // A damaged topology only loses the triangle, never reads out of bounds.
                            guard p < pEnd && targets[p] == w else { continue }
                            let q = p - shift
                            let toW = weights.up[j]
                            let fromW = weights.down[j]
                            if fromU != infinity && toW != infinity {
                                let c = UInt64(fromU) + UInt64(toW)
                                if c < UInt64(into.up[q]) {
                                    into.up[q] = UInt32(min(c, UInt64(infinity - 1)))
                                    into.upMiddle[q] = UInt32(v)
                                }
                            }
                            if toU != infinity && fromW != infinity {
                                let c = UInt64(fromW) + UInt64(toU)
                                if c < UInt64(into.down[q]) {
                                    into.down[q] = UInt32(min(c, UInt64(infinity - 1)))
                                    into.downMiddle[q] = UInt32(v)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
