import NavCore
import NavMap

/// Everything the search needs for one travel mode, prepared once per router: integer arc weights,
/// the largest connected part of the network, and landmark distance tables for ALT bounds.
struct ModeNetwork: Sendable {
    static let unreachable = UInt32.max

    let mode: TravelMode
    /// Free-flow travel time per arc in milliseconds; `unreachable` when the mode may not use the arc.
    let weights: [UInt32]
    /// Whether an arc belongs to the largest strongly connected part of this mode's network; snapping
    /// stays there so that a waypoint is not stranded on an isolated scrap of road.
    let mainArcs: [Bool]
    let landmarks: LandmarkTable

    init(graph: RoadGraph, mode: TravelMode, landmarkCount: Int) {
        self.mode = mode
        var weights = [UInt32](repeating: Self.unreachable, count: graph.arcCount)
        for arc in 0..<graph.arcCount where graph.allows(mode, onArc: arc) {
            let seconds = graph.lengthMeters(ofSegment: arc >> 1) / max(0.5, graph.speed(ofArc: arc, mode: mode))
            weights[arc] = UInt32(max(1, (seconds * 1000).rounded(.up)))
        }
        self.weights = weights
        let mainArcs = Self.mainComponent(graph: graph, weights: weights, mode: mode)
        var mainNodes = [Bool](repeating: false, count: graph.nodeCount)
        for arc in 0..<graph.arcCount where mainArcs[arc] { mainNodes[Int(graph.head(ofArc: arc))] = true }
        self.mainArcs = mainArcs
        self.landmarks = LandmarkTable(graph: graph, weights: weights, inMainComponent: mainNodes, count: landmarkCount)
    }

    /// The largest strongly connected set of arcs under the turn rules (restrictions, no U-turns except at
    /// dead ends), found with an iterative Kosaraju: from any of these arcs every other can be reached.
    /// Clipped extracts leave roads that lead out of the map and never back, or that can only be entered
    /// by a turn from outside it; snapping onto those would strand a waypoint.
    private static func mainComponent(graph: RoadGraph, weights: [UInt32], mode: TravelMode) -> [Bool] {
        let arcCount = graph.arcCount
        let bit = mode.bit
        func usable(_ arc: Int) -> Bool { weights[arc] != unreachable }
        func turnAllowed(_ a: Int, _ b: Int, at node: Int) -> Bool {
            if b == a ^ 1 {
                var count = 0
                for arc in graph.outgoingArcs(ofNode: node) where graph.arcModes[Int(arc)] & bit != 0 { count += 1 }
                return count <= 1
            }
            return !graph.isTurnRestricted(from: a, to: b, modeBit: bit)
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
