import NavCore
import NavMap

/// Everything the search needs for one travel mode, prepared once per router: integer arc weights,
/// the search states of destination-only arcs, which arcs a waypoint may snap onto, and landmark distance
/// tables for ALT bounds.
struct ModeNetwork: Sendable {
    static let unreachable = UInt32.max

    let mode: TravelMode
    /// Free-flow travel time per arc in milliseconds; `unreachable` when the mode may not use it.
    let weights: [UInt32]
    /// The destination-only arcs of the mode, in arc order.
    let restrictedArcs: [UInt32]
    /// Per arc: the search state for driving it in the destination's stretch (``ThroughTrafficRule``),
    /// `arcCount + k` for the k-th destination-only arc, `unreachable` for open arcs.
    let destinationState: [UInt32]
    /// Whether an arc belongs to the largest strongly connected part of the open network (destination-only
    /// arcs are never part of it: a route may not pass through them).
    let mainArcs: [Bool]
    /// Whether a route can start on the arc and reach the main part of the network: where an origin may
    /// snap.
    let leavesToMain: [Bool]
    /// Whether a route from the main part can reach the arc: where a destination may snap.
    let entersFromMain: [Bool]
    let landmarks: LandmarkTable

    /// Search states: one per arc, plus one per destination-only arc for the destination's stretch.
    var stateCount: Int { weights.count + restrictedArcs.count }

    init(graph: RoadGraph, mode: TravelMode, landmarkCount: Int) {
        self.mode = mode
        var weights = [UInt32](repeating: Self.unreachable, count: graph.arcCount)
        for arc in 0..<graph.arcCount where graph.allows(mode, onArc: arc) {
            let seconds = graph.lengthMeters(ofSegment: arc >> 1) / max(0.5, graph.speed(ofArc: arc, mode: mode))
            // A segment can be longer than UInt32 milliseconds at walking pace (half the globe on a footway).
            weights[arc] = UInt32(min(Double(Self.unreachable - 1), max(1, (seconds * 1000).rounded(.up))))
        }
        self.weights = weights
        var restrictedArcs: [UInt32] = []
        var destinationState = [UInt32](repeating: Self.unreachable, count: graph.arcCount)
        for arc in 0..<graph.arcCount where weights[arc] != Self.unreachable && graph.isRestricted(mode, onArc: arc) {
            destinationState[arc] = UInt32(graph.arcCount + restrictedArcs.count)
            restrictedArcs.append(UInt32(arc))
        }
        self.restrictedArcs = restrictedArcs
        self.destinationState = destinationState
        let mainArcs = Self.mainComponent(graph: graph, weights: weights, mode: mode)
        var mainNodes = [Bool](repeating: false, count: graph.nodeCount)
        for arc in 0..<graph.arcCount where mainArcs[arc] { mainNodes[Int(graph.head(ofArc: arc))] = true }
        self.mainArcs = mainArcs
        self.leavesToMain = Self.reach(from: mainArcs, graph: graph, weights: weights, mode: mode, forward: false)
        self.entersFromMain = Self.reach(from: mainArcs, graph: graph, weights: weights, mode: mode, forward: true)
        self.landmarks = LandmarkTable(graph: graph, weights: weights, inMainComponent: mainNodes, count: landmarkCount)
    }

    /// Whether turning from arc `a` into arc `b` at `node` is allowed: restrictions, and no U-turn except at
    /// a dead end — the search's own turn rule.
    private static func turnAllowed(_ a: Int, _ b: Int, at node: Int, graph: RoadGraph, bit: UInt8) -> Bool {
        if b == a ^ 1 {
            var count = 0
            for arc in graph.outgoingArcs(ofNode: node) where graph.arcModes[Int(arc)] & bit != 0 { count += 1 }
            return count <= 1
        }
        return !graph.isTurnRestricted(from: a, to: b, modeBit: bit)
    }

    /// Arcs reachable from the main part (`forward`) or that can reach it (`!forward`) under the turn rules
    /// and the ``ThroughTrafficRule``: from the open network a path may turn onto destination-only arcs but
    /// never back, so searching forward a destination-only arc expands only to destination-only arcs, and
    /// searching backward only destination-only arcs precede one.
    private static func reach(from main: [Bool], graph: RoadGraph, weights: [UInt32], mode: TravelMode, forward: Bool)
        -> [Bool]
    {
        let bit = mode.bit
        var reached = main
        var pending = main.indices.filter { main[$0] }
        while let arc = pending.popLast() {
            let restricted = graph.isRestricted(mode, onArc: arc)
            let node = Int(forward ? graph.head(ofArc: arc) : graph.tail(ofArc: arc))
            let neighbours = forward ? graph.outgoingArcs(ofNode: node) : graph.incomingArcs(ofNode: node)
            for next32 in neighbours {
                let next = Int(next32)
                guard !reached[next], weights[next] != unreachable else { continue }
                if restricted && !graph.isRestricted(mode, onArc: next) { continue }
                let allowed =
                    forward
                    ? turnAllowed(arc, next, at: node, graph: graph, bit: bit)
                    : turnAllowed(next, arc, at: node, graph: graph, bit: bit)
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
    /// by a turn from outside it; snapping onto those would strand a waypoint.
    private static func mainComponent(graph: RoadGraph, weights: [UInt32], mode: TravelMode) -> [Bool] {
        let arcCount = graph.arcCount
        let bit = mode.bit
        func usable(_ arc: Int) -> Bool { weights[arc] != unreachable && !graph.isRestricted(mode, onArc: arc) }
        func turnAllowed(_ a: Int, _ b: Int, at node: Int) -> Bool {
            Self.turnAllowed(a, b, at: node, graph: graph, bit: bit)
        }
        func predecessors(_ b: Int) -> [Int] {
            let node = Int(graph.tail(ofArc: b))
            return graph.incomingArcs(ofNode: node).map(Int.init).filter { usable($0) && turnAllowed($0, b, at: node) }
        }

        // Depth-first search over turns; each stack entry remembers how far through its out-arcs it got.
        var visited = [Bool](repeating: false, count: arcCount)
        var order: [Int] = []
        var stack: [(arc: Int, position: Int)] = []
        for start in 0..<arcCount where usable(start) && !visited[start] {
            visited[start] = true
            stack.append((start, graph.outgoingArcs(ofNode: Int(graph.head(ofArc: start))).startIndex))
            while let top = stack.last {
                let node = Int(graph.head(ofArc: top.arc))
                let outs = graph.outgoingArcs(ofNode: node)
                if top.position < outs.endIndex {
                    stack[stack.count - 1].position += 1
                    let next = Int(outs[top.position])
                    if !visited[next] && usable(next) && turnAllowed(top.arc, next, at: node) {
                        visited[next] = true
                        stack.append((next, graph.outgoingArcs(ofNode: Int(graph.head(ofArc: next))).startIndex))
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
                for previous in predecessors(arc) where component[previous] < 0 {
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
