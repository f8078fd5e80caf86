import NavCore
public import NavMap
import Synchronization

/// The metric-independent half of a customizable contraction hierarchy (Dibbelt, Strasser, Wagner) over
/// the *turn graph*: one vertex per road arc, one edge per turn some travel mode may make. Working on arcs
/// keeps turn restrictions and the U-turn rule exact, as in the reference search.
///
/// The vertices are ranked by nested dissection of the road geometry, then contracted in rank order
/// without looking at any weight: the result is the chordal supergraph of the turn graph, stored as each
/// vertex's *upper* neighbours (higher rank, sorted). Its elimination tree (each vertex's lowest upper
/// neighbour) is what a query walks. A ``HierarchyMetric`` then gives the edges weights for one travel
/// mode, avoid set and traffic state in a linear pass over the lower triangles.
///
/// Built once per map (``init(graph:progress:)``), saved beside the `.navgraph` (``HierarchyFile``).
public struct ContractionHierarchy: Sendable {
    /// `arcOfRank[r]`: the arc ranked r (rank 0 is contracted first).
    let arcOfRank: [UInt32]
    /// `rankOfArc[a]`: the rank of arc a.
    let rankOfArc: [UInt32]
    /// Upper neighbours of rank r: `upperTargets[upperOffsets[r] ..< upperOffsets[r + 1]]`, ascending.
    let upperOffsets: [UInt32]
    let upperTargets: [UInt32]
    /// The elimination tree: the lowest upper neighbour of each rank, `noRank` at a root.
    let parent: [UInt32]
    /// Turns of the topology, grouped by the arc they leave: `turnArcs[turnOffsets[a] ..< turnOffsets[a + 1]]`
    /// are the arcs a may turn into for at least one mode.
    let turnOffsets: [UInt32]
    let turnArcs: [UInt32]
    /// For each turn, the hierarchy edge it becomes: edge index times two, plus one when the turn runs
    /// from the higher-ranked arc to the lower (a "down" travel direction).
    let turnSlots: [UInt32]
    /// A fingerprint of the graph the hierarchy was built for; a saved hierarchy is used only on that graph.
    public let graphFingerprint: UInt64
    /// Made on the first customization, or in the background once a router has the hierarchy
    /// (``prepareForCustomization()``): a navigator answering on a saved metric needs them only for traffic.
    private let lowerAdjacencyCache = MadeOnce<LowerAdjacency>()
    private let subtreeSplitCache = MadeOnce<SubtreeSplit>()

    static let noRank = UInt32.max

    public var vertexCount: Int { arcOfRank.count }
    public var edgeCount: Int { upperTargets.count }
    public var turnCount: Int { turnArcs.count }

    /// Orders and contracts the turn graph of `graph`.
    /// - Parameter progress: called with the number of arcs contracted so far.
    public init(graph: RoadGraph, progress: ((Int) -> Void)? = nil) {
        let (turnOffsets, turnArcs) = Self.topologyTurns(in: graph)
        let arcOfRank = NestedDissectionOrder.order(graph: graph)
        var rankOfArc = [UInt32](repeating: 0, count: graph.arcCount)
        for (rank, arc) in arcOfRank.enumerated() { rankOfArc[Int(arc)] = UInt32(rank) }
        let (offsets, targets, parent) = Self.contract(
            rankOfArc: rankOfArc, arcOfRank: arcOfRank, turnOffsets: turnOffsets, turnArcs: turnArcs,
            progress: progress)
        self.arcOfRank = arcOfRank
        self.rankOfArc = rankOfArc
        self.upperOffsets = offsets
        self.upperTargets = targets
        self.parent = parent
        self.turnOffsets = turnOffsets
        self.turnArcs = turnArcs
        self.turnSlots = Self.slots(
            rankOfArc: rankOfArc, turnOffsets: turnOffsets, turnArcs: turnArcs, upperOffsets: offsets,
            upperTargets: targets)
        self.graphFingerprint = Self.fingerprint(of: graph)
    }

    init(
        arcOfRank: [UInt32], upperOffsets: [UInt32], upperTargets: [UInt32], turnOffsets: [UInt32],
        turnArcs: [UInt32], turnSlots: [UInt32], graphFingerprint: UInt64
    ) {
        var rankOfArc = [UInt32](repeating: 0, count: arcOfRank.count)
        for (rank, arc) in arcOfRank.enumerated() { rankOfArc[Int(arc)] = UInt32(rank) }
        self.arcOfRank = arcOfRank
        self.rankOfArc = rankOfArc
        self.upperOffsets = upperOffsets
        self.upperTargets = upperTargets
        self.parent = (0..<arcOfRank.count).map { rank in
            upperOffsets[rank] < upperOffsets[rank + 1] ? upperTargets[Int(upperOffsets[rank])] : Self.noRank
        }
        self.turnOffsets = turnOffsets
        self.turnArcs = turnArcs
        self.turnSlots = turnSlots
        self.graphFingerprint = graphFingerprint
    }

    /// Identifies a graph by its sizes and a checksum over the arrays routing depends on.
    public static func fingerprint(of graph: RoadGraph) -> UInt64 {
        var writer = BinaryWriter()
        writer.appendScalar(UInt64(graph.nodeCount))
        writer.append(graph.segmentEnds)
        writer.append(graph.arcModes)
        writer.append(graph.restrictions.map(\.fromArc))
        writer.append(graph.restrictions.map(\.toArc))
        writer.append(graph.restrictions.map(\.modes))
        return RoadGraphFile.checksum(writer.bytes)
    }

    /// Every turn some mode may make: into another arc usable by a mode that can drive both and for
    /// which the turn is not restricted, or back along the same road where that mode has no other way on.
    static func topologyTurns(in graph: RoadGraph) -> (offsets: [UInt32], arcs: [UInt32]) {
        let modeBits = TravelMode.allCases.map(\.bit)
        var offsets = [UInt32](repeating: 0, count: graph.arcCount + 1)
        var arcs: [UInt32] = []
        arcs.reserveCapacity(graph.arcCount * 3)
        for a in 0..<graph.arcCount {
            let shared = graph.arcModes[a]
            if shared != 0 {
                let node = Int(graph.head(ofArc: a))
                for b32 in graph.outgoingArcs(ofNode: node) {
                    let b = Int(b32)
                    let common = shared & graph.arcModes[b]
                    guard common != 0 else { continue }
                    let allowed = modeBits.contains { bit in
                        guard common & bit != 0 else { return false }
                        if b == a ^ 1 {
                            return graph.outgoingArcs(ofNode: node).lazy.filter { graph.arcModes[Int($0)] & bit != 0 }
                                .count <= 1
                        }
                        return !graph.isTurnRestricted(from: a, to: b, modeBit: bit)
                    }
                    if allowed { arcs.append(b32) }
                }
            }
            offsets[a + 1] = UInt32(arcs.count)
        }
        return (offsets, arcs)
    }

    /// Symbolic contraction: a vertex's upper neighbours are its own higher turn neighbours plus those of
    /// its elimination-tree children, which is exactly the fill-in contraction in rank order creates.
    private static func contract(
        rankOfArc: [UInt32], arcOfRank: [UInt32], turnOffsets: [UInt32], turnArcs: [UInt32],
        progress: ((Int) -> Void)?
    ) -> (offsets: [UInt32], targets: [UInt32], parent: [UInt32]) {
        let n = arcOfRank.count
        // The turn graph's undirected edges, listed at their lower end, as ranks.
        var higherCount = [UInt32](repeating: 0, count: n + 1)
        for a in 0..<n {
            for k in Int(turnOffsets[a])..<Int(turnOffsets[a + 1]) {
                let ra = rankOfArc[a]
                let rb = rankOfArc[Int(turnArcs[k])]
                if ra != rb { higherCount[Int(min(ra, rb)) + 1] += 1 }
            }
        }
        for r in 0..<n { higherCount[r + 1] += higherCount[r] }
        var fill = higherCount
        var higher = [UInt32](repeating: 0, count: Int(higherCount[n]))
        for a in 0..<n {
            for k in Int(turnOffsets[a])..<Int(turnOffsets[a + 1]) {
                let ra = rankOfArc[a]
                let rb = rankOfArc[Int(turnArcs[k])]
                guard ra != rb else { continue }
                let low = Int(min(ra, rb))
                higher[Int(fill[low])] = max(ra, rb)
                fill[low] += 1
            }
        }

        var offsets = [UInt32](repeating: 0, count: n + 1)
        var upperLists = ChunkedFill()
        var parent = [UInt32](repeating: noRank, count: n)
        var firstChild = [UInt32](repeating: noRank, count: n)
        var nextSibling = [UInt32](repeating: noRank, count: n)
        var seen = [UInt32](repeating: noRank, count: n)
        var upper: [UInt32] = []
        for r in 0..<n {
            upper.removeAll(keepingCapacity: true)
            let mark = UInt32(r)
            for k in Int(higherCount[r])..<Int(higherCount[r + 1]) where seen[Int(higher[k])] != mark {
                seen[Int(higher[k])] = mark
                upper.append(higher[k])
            }
            var child = firstChild[r]
            while child != noRank {
                for x in upperLists.list(Int(offsets[Int(child)]), Int(offsets[Int(child) + 1])) {
                    if x != mark && seen[Int(x)] != mark {
                        seen[Int(x)] = mark
                        upper.append(x)
                    }
                }
                child = nextSibling[Int(child)]
            }
            upper.sort()
            upperLists.append(upper)
            offsets[r + 1] = UInt32(upperLists.count)
            if let p = upper.first {
                parent[r] = p
                nextSibling[r] = firstChild[Int(p)]
                firstChild[Int(p)] = mark
            }
            if r & 0xFFFF == 0 { progress?(r) }
        }
        progress?(n)
        return (offsets, upperLists.joined(), parent)
    }

    private static func slots(
        rankOfArc: [UInt32], turnOffsets: [UInt32], turnArcs: [UInt32], upperOffsets: [UInt32],
        upperTargets: [UInt32]
    ) -> [UInt32] {
        var slots = [UInt32](repeating: UInt32.max, count: turnArcs.count)
        for a in 0..<(turnOffsets.count - 1) {
            for k in Int(turnOffsets[a])..<Int(turnOffsets[a + 1]) {
                let ra = rankOfArc[a]
                let rb = rankOfArc[Int(turnArcs[k])]
                guard ra != rb else { continue }
                let low = Int(min(ra, rb))
                if let edge = edgeIndex(
                    from: low, to: max(ra, rb), upperOffsets: upperOffsets, upperTargets: upperTargets)
                {
                    slots[k] = UInt32(edge) << 1 | (ra < rb ? 0 : 1)
                }
            }
        }
        return slots
    }

    /// The index of the edge from rank `low` up to rank `high`, found by binary search.
    static func edgeIndex(from low: Int, to high: UInt32, upperOffsets: [UInt32], upperTargets: [UInt32]) -> Int? {
        var lower = Int(upperOffsets[low])
        var upperBound = Int(upperOffsets[low + 1])
        while lower < upperBound {
            let mid = (lower + upperBound) / 2
            if upperTargets[mid] < high { lower = mid + 1 } else { upperBound = mid }
        }
        return lower < Int(upperOffsets[low + 1]) && upperTargets[lower] == high ? lower : nil
    }

    /// Each vertex's lower neighbours, for customization (8 bytes per edge, made once).
    var lowerAdjacency: LowerAdjacency {
        lowerAdjacencyCache.value { LowerAdjacency(upperOffsets: upperOffsets, upperTargets: upperTargets) }
    }

    /// How the customization sweeps share the work between two cores (made once).
    var subtreeSplit: SubtreeSplit {
        subtreeSplitCache.value { SubtreeSplit(upperOffsets: upperOffsets, parent: parent) }
    }

    /// Makes what every customization needs and no metric changes, so that the first traffic update does not
    /// pay for it.
    func prepareForCustomization() {
        _ = lowerAdjacency
        _ = subtreeSplit
    }

    func edgeIndex(from low: Int, to high: UInt32) -> Int? {
        Self.edgeIndex(from: low, to: high, upperOffsets: upperOffsets, upperTargets: upperTargets)
    }

    /// The shape that decides query and customization cost: edges per vertex, and the elimination-tree
    /// ancestors (vertices and their upward edges) a query from one vertex visits.
    public struct Shape: Sendable {
        public var edgesPerVertex: Double
        public var treeHeight: Int
        public var meanSearchVertices: Double
        public var meanSearchEdges: Double
        public var maximumSearchEdges: Int
    }

    public var shape: Shape {
        let n = vertexCount
        guard n > 0 else {
            return Shape(edgesPerVertex: 0, treeHeight: 0, meanSearchVertices: 0, meanSearchEdges: 0, maximumSearchEdges: 0)
        }
        var depth = [UInt32](repeating: 0, count: n)
        var edges = [UInt64](repeating: 0, count: n)
        // A parent ranks above its child, so walking down from the top finds every parent done.
        for r in stride(from: n - 1, through: 0, by: -1) {
            let own = UInt64(upperOffsets[r + 1] - upperOffsets[r])
            let p = parent[r]
            depth[r] = p == Self.noRank ? 1 : depth[Int(p)] + 1
            edges[r] = own + (p == Self.noRank ? 0 : edges[Int(p)])
        }
        return Shape(
            edgesPerVertex: Double(edgeCount) / Double(n), treeHeight: Int(depth.max() ?? 0),
            meanSearchVertices: Double(depth.reduce(0) { $0 + UInt64($1) }) / Double(n),
            meanSearchEdges: Double(edges.reduce(0, +)) / Double(n), maximumSearchEdges: Int(edges.max() ?? 0))
    }

    /// The lower end (a rank) of edge `edge`.
    func lowerEnd(ofEdge edge: Int) -> Int {
        var low = 0
        var high = upperOffsets.count - 1
        // The last r with upperOffsets[r] <= edge.
        while high - low > 1 {
            let mid = (low + high) / 2
            if Int(upperOffsets[mid]) <= edge { low = mid } else { high = mid }
        }
        return low
    }
}


/// A value made on first use and kept (copies of a hierarchy share it); a second caller waits for the first
/// one's.
final class MadeOnce<Value: Sendable>: Sendable {
    private let cached = Mutex<Value?>(nil)

    func value(make: () -> Value) -> Value {
        cached.withLock { cached in
            if let cached { return cached }
            let made = make()
            cached = made
            return made
        }
    }
}
