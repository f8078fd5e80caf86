/// How a customization sweep shares the elimination tree between two workers.
///
/// Below the highest vertex where the tree branches, the subtrees hanging from it are independent: a vertex
/// there shares triangles only with its own subtree and with the chain of separator vertices above the branch.
/// The subtrees are dealt out to two workers by their work (upper degree squared, the triangles they hold);
/// the chain — every vertex from ``branch`` on — is swept by one worker alone, before the subtrees in a top-down
/// sweep and after them in a bottom-up one.
struct SubtreeSplit {
    /// Vertices from `branch` on are swept alone.
    let branch: Int
    /// Below ``branch``: the worker (0 or 1) that owns each vertex.
    let group: [UInt8]

    init(upperOffsets offsets: [UInt32], parent: [UInt32]) {
        let n = offsets.count - 1
        guard n > 0 else {
            (branch, group) = (0, [])
            return
        }
        // From the root of the heaviest tree, follow the heaviest child while it holds most of the work. Any
        // branch rank is exact; this one balances the two workers best.
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
        // A parent ranks above its child, so walking down from the branch finds every parent's group set.
        for v in stride(from: branch - 1, through: 0, by: -1) where group[v] == 2 {
            group[v] = group[Int(parent[v])]
        }
        self.branch = branch
        self.group = group
    }
}
