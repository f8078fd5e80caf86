/// How a customization sweep shares the elimination tree between two workers.
///
/// A vertex's upper neighbours are all its ancestors, so a subtree shares triangles only with itself and with
/// the vertices above it. From the root, the sweep follows the heaviest child while it holds most of the work;
/// that path is the ``chain``. Every subtree hanging off the chain is independent of the others, and they are
/// dealt out to two workers by their work (upper degree squared, the triangles they hold). The chain is swept
/// by one worker alone, after the subtrees in a bottom-up sweep and before them in a top-down one.
///
/// Only the chain's own vertices wait: in a nested-dissection order a light sibling part may rank above the
/// branch, and sweeping every vertex above the branch alone (round four) left a third of the 1M region's
/// vertices to one core.
struct SubtreeSplit: Sendable {
    /// The chain's vertices, lowest rank first.
    let chain: [Int]
    /// The worker (0 or 1) that owns each vertex off the chain; ``chainGroup`` on it.
    let group: [UInt8]

    static let chainGroup: UInt8 = 2

    init(upperOffsets offsets: [UInt32], parent: [UInt32]) {
        let n = offsets.count - 1
        guard n > 0 else {
            (chain, group) = ([], [])
            return
        }
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
        let unassigned: UInt8 = 3
        var group = [UInt8](repeating: unassigned, count: n)
        var chain: [Int] = []
        var top = (0..<n).filter { parent[$0] == ContractionHierarchy.noRank }.max { weight[$0] < weight[$1] } ?? n - 1
        chain.append(top)
        while heaviestChild[top] >= 0 && 3 * weight[heaviestChild[top]] >= 2 * weight[top] {
            top = heaviestChild[top]
            chain.append(top)
        }
        for v in chain { group[v] = Self.chainGroup }
        // The subtrees' roots: other trees' roots and the children of chain vertices off the chain.
        let roots = (0..<n).filter { v in
            group[v] == unassigned
                && (parent[v] == ContractionHierarchy.noRank || group[Int(parent[v])] == Self.chainGroup)
        }.sorted { weight[$0] > weight[$1] }
        var load: [UInt64] = [0, 0]
        for root in roots {
            let lighter = load[0] <= load[1] ? 0 : 1
            group[root] = UInt8(lighter)
            load[lighter] += weight[root]
        }
        // A parent ranks above its child, so walking down finds every parent's group set.
        for v in stride(from: n - 1, through: 0, by: -1) where group[v] == unassigned {
            group[v] = group[Int(parent[v])]
        }
        self.chain = chain.reversed()
        self.group = group
    }
}
