public import NavCore

/// Which arcs of one travel mode a trip can use to start or end: the main part of the network (the largest
/// strongly connected set of open arcs under the turn rules), the arcs from which a trip reaches it, and the arcs
/// it reaches, under the same turn rules as the search and the ``ThroughTrafficRule``.
///
/// The edge of the map counts as a way to and from the main part: where a road runs on beyond the extract's border
/// (``MapEdgeTable``) the real network goes on, so a one-way street that leads out of the map is a street a trip can
/// leave by, not a trap. A waypoint there snaps to its own street; whether a route exists within the map is then
/// the search's answer, not the snapper's.
public struct ModeConnectivity: Sendable {
    public let mode: TravelMode
    private let flags: [UInt8]

    private static let main: UInt8 = 1
    private static let leaves: UInt8 = 2
    private static let enters: UInt8 = 4
    private static let leavesInside: UInt8 = 8
    private static let entersInside: UInt8 = 16

    /// Raised whenever what the flags mean changes (the turn rules of the walks, the ``ThroughTrafficRule``, how
    /// the map's edge counts), so that connectivity saved with a map by another build is worked out again
    /// instead of trusted.
    public static let rulesVersion: UInt32 = 1

    /// The flags of every arc, as saved with the map (a navigator's start would otherwise walk the network once
    /// per mode: about a second at a million nodes).
    package var savedFlags: [UInt8] { flags }

    /// Connectivity saved earlier from ``savedFlags``; nil when the flags cannot be those of a graph with
    /// `arcCount` arcs. That they belong to this graph and these rules is for the file that holds them to check.
    package init?(mode: TravelMode, savedFlags: [UInt8], arcCount: Int) {
        let known = Self.main | Self.leaves | Self.enters | Self.leavesInside | Self.entersInside
        guard savedFlags.count == arcCount, savedFlags.allSatisfy({ $0 & ~known == 0 }) else { return nil }
        self.mode = mode
        self.flags = savedFlags
    }

    /// Works out the connectivity of `mode` on `graph`.
    public init(graph: RoadGraph, mode: TravelMode) {
        self.mode = mode
        let rules = TurnRules(graph: graph, mode: mode)
        let restricted = (0..<graph.arcCount).map { graph.isRestricted(mode, onArc: $0) }
        let main = rules.mainComponent(restricted: restricted)
        let edges = rules.edgeArcs(edges: graph.mapEdges)
        let leavesInside = rules.reach(from: main, restricted: restricted, forward: false, phased: true)
        let entersInside = rules.reach(from: main, restricted: restricted, forward: true, phased: true)
        let leaves = rules.reach(
            from: zip(main, edges.exits).map { $0 || $1 }, restricted: restricted, forward: false, phased: true)
        let enters = rules.reach(
            from: zip(main, edges.entries).map { $0 || $1 }, restricted: restricted, forward: true, phased: true)
        var flags = [UInt8](repeating: 0, count: graph.arcCount)
        for arc in 0..<graph.arcCount {
            if main[arc] { flags[arc] |= Self.main }
            if leaves[arc] { flags[arc] |= Self.leaves }
            if enters[arc] { flags[arc] |= Self.enters }
            if leavesInside[arc] { flags[arc] |= Self.leavesInside }
            if entersInside[arc] { flags[arc] |= Self.entersInside }
        }
        self.flags = flags
    }

    /// Whether the arc belongs to the main part of the open network (destination-only arcs never do).
    public func isMain(_ arc: Int) -> Bool { flags[arc] & Self.main != 0 }

    /// Whether a trip starting on the arc can reach the main part, within the map or by leaving it at its edge:
    /// where an origin may snap.
    public func leavesToMain(_ arc: Int) -> Bool { flags[arc] & Self.leaves != 0 }

    /// Whether a trip from the main part, or from beyond the map's edge, can reach the arc: where a destination
    /// may snap.
    public func entersFromMain(_ arc: Int) -> Bool { flags[arc] & Self.enters != 0 }

    /// Whether a trip starting on the arc reaches the main part without leaving the map.
    public func leavesToMainInsideMap(_ arc: Int) -> Bool { flags[arc] & Self.leavesInside != 0 }

    /// Whether a trip from the main part reaches the arc without leaving the map.
    public func entersFromMainInsideMap(_ arc: Int) -> Bool { flags[arc] & Self.entersInside != 0 }

    /// The arcs of the main part, as a mask over all arcs.
    public var mainArcs: [Bool] { flags.map { $0 & Self.main != 0 } }
}

/// The turn rules of the search for one mode, and the graph walks built on them.
struct TurnRules {
    let graph: RoadGraph
    let bit: UInt8
    // The adjacency, held here so that the walks index it directly: a slice per step (`outgoingArcs(ofNode:)`)
    // cost a retain and a release each, which made these walks most of a router's set-up at a million nodes.
    private let outOffsets: [UInt32]
    private let outArcs: [UInt32]
    private let inOffsets: [UInt32]
    private let inArcs: [UInt32]
    private let arcModes: [UInt8]

    init(graph: RoadGraph, mode: TravelMode) {
        self.graph = graph
        self.bit = mode.bit
        outOffsets = graph.outOffsets
        outArcs = graph.outArcs
        inOffsets = graph.inOffsets
        inArcs = graph.inArcs
        arcModes = graph.arcModes
    }

    /// Positions in `outArcs` (or `inArcs`) of the arcs leaving (entering) `node`.
    private func outRange(_ node: Int) -> Range<Int> { Int(outOffsets[node])..<Int(outOffsets[node + 1]) }
    private func inRange(_ node: Int) -> Range<Int> { Int(inOffsets[node])..<Int(inOffsets[node + 1]) }

    func usable(_ arc: Int) -> Bool { arcModes[arc] & bit != 0 }

    /// Whether turning from arc `a` into arc `b` at `node` is allowed: restrictions, and no U-turn except at
    /// a dead end — the search's own turn rule.
    func turnAllowed(_ a: Int, _ b: Int, at node: Int) -> Bool {
        if b == a ^ 1 {
            var count = 0
            for k in outRange(node) where arcModes[Int(outArcs[k])] & bit != 0 { count += 1 }
            return count <= 1
        }
        return !graph.isTurnRestricted(from: a, to: b, modeBit: bit)
    }

    /// Arcs by which the mode leaves the map (their head is a border node it may drive out from) and arcs by
    /// which it enters it (their tail is a border node it may come in at).
    func edgeArcs(edges: MapEdgeTable) -> (exits: [Bool], entries: [Bool]) {
        var exits = [Bool](repeating: false, count: graph.arcCount)
        var entries = [Bool](repeating: false, count: graph.arcCount)
        for (index, node) in edges.nodes.enumerated() {
            if edges.exitModes[index] & bit != 0 {
                for arc in graph.incomingArcs(ofNode: Int(node)) where usable(Int(arc)) { exits[Int(arc)] = true }
            }
            if edges.entryModes[index] & bit != 0 {
                for arc in graph.outgoingArcs(ofNode: Int(node)) where usable(Int(arc)) { entries[Int(arc)] = true }
            }
        }
        return (exits, entries)
    }

    /// Arcs reachable from `seeds` (`forward`) or that can reach them (`!forward`) under the turn rules.
    /// - Parameters:
    ///   - restricted: per arc, whether it is destination-only for the mode.
    ///   - phased: apply the ``ThroughTrafficRule``: a path may turn from the open network onto destination-only
    ///     arcs but never back, so forward a destination-only arc expands only to destination-only arcs, and
    ///     backward only destination-only arcs precede one.
    ///   - openOnly: walk open arcs only (seeds included as given).
    func reach(from seeds: [Bool], restricted: [Bool], forward: Bool, phased: Bool, openOnly: Bool = false) -> [Bool] {
        var reached = seeds
        var pending = seeds.indices.filter { seeds[$0] }
        while let arc = pending.popLast() {
            let node = Int(forward ? graph.head(ofArc: arc) : graph.tail(ofArc: arc))
            for k in forward ? outRange(node) : inRange(node) {
                let next = Int(forward ? outArcs[k] : inArcs[k])
                guard !reached[next], usable(next) else { continue }
                if openOnly && restricted[next] { continue }
                if phased && restricted[arc] && !restricted[next] { continue }
                let allowed = forward ? turnAllowed(arc, next, at: node) : turnAllowed(next, arc, at: node)
                guard allowed else { continue }
                reached[next] = true
                pending.append(next)
            }
        }
        return reached
    }

    /// The largest strongly connected set of open arcs under the turn rules (restrictions, no U-turns except
    /// at dead ends), found with an iterative Kosaraju: from any of these arcs every other can be reached.
    /// Clipped extracts leave roads that lead out of the map and never back, or that can only be entered
    /// by a turn from outside it.
    func mainComponent(restricted: [Bool]) -> [Bool] {
        let arcCount = graph.arcCount
        func open(_ arc: Int) -> Bool { usable(arc) && !restricted[arc] }

        // Depth-first search over turns; each stack entry remembers how far through its out-arcs it got.
        var visited = [Bool](repeating: false, count: arcCount)
        var order: [Int] = []
        var stack: [(arc: Int, position: Int)] = []
        for start in 0..<arcCount where open(start) && !visited[start] {
            visited[start] = true
            stack.append((start, outRange(Int(graph.head(ofArc: start))).lowerBound))
            while let top = stack.last {
                let node = Int(graph.head(ofArc: top.arc))
                if top.position < Int(outOffsets[node + 1]) {
                    stack[stack.count - 1].position += 1
                    let next = Int(outArcs[top.position])
                    if !visited[next] && open(next) && turnAllowed(top.arc, next, at: node) {
                        visited[next] = true
                        stack.append((next, outRange(Int(graph.head(ofArc: next))).lowerBound))
                    }
                } else {
                    order.append(top.arc)
                    stack.removeLast()
                }
            }
        }
        var component = [Int32](repeating: -1, count: arcCount)
        var sizes: [Int] = []
        var pending: [Int] = []
        for start in order.reversed() where component[start] < 0 {
            let id = Int32(sizes.count)
            var size = 0
            component[start] = id
            pending.append(start)
            while let arc = pending.popLast() {
                size += 1
                let node = Int(graph.tail(ofArc: arc))
                for k in inRange(node) {
                    let previous = Int(inArcs[k])
                    guard component[previous] < 0, open(previous), turnAllowed(previous, arc, at: node) else { continue }
                    component[previous] = id
                    pending.append(previous)
                }
            }
            sizes.append(size)
        }
        guard let largest = sizes.indices.max(by: { sizes[$0] < sizes[$1] }) else {
            return [Bool](repeating: false, count: arcCount)
        }
        return component.map { $0 == Int32(largest) }
    }
}
