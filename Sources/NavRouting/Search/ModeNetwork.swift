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
    /// Where a trip can start and end: the main part of the network and what connects to it (``ModeConnectivity``).
    let connectivity: ModeConnectivity
    private(set) var landmarks: LandmarkTable
    /// What turns cost (shared by every mode of a router; only motor vehicles pay them).
    let turns: TurnCosts

    /// Search states: one per arc, plus one per destination-only arc for the destination's stretch.
    var stateCount: Int { weights.count + restrictedArcs.count }

    /// - Parameters:
    ///   - turns: the router's turn costs, shared by its modes; worked out here when not given.
    ///   - connectivity: the mode's connectivity saved with the map (``ModeNetworkFile``); worked out here when
    ///     not given.
    init(
        graph: RoadGraph, mode: TravelMode, landmarkCount: Int, turns: TurnCosts? = nil,
        connectivity saved: ModeConnectivity? = nil
    ) {
        self.mode = mode
        self.turns = turns ?? TurnCosts(graph: graph)
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
        let connectivity = saved.flatMap { $0.mode == mode ? $0 : nil } ?? ModeConnectivity(graph: graph, mode: mode)
        self.connectivity = connectivity
        // Without landmarks (large maps, whose tables come later if at all) the main nodes are not needed: a pass
        // over every arc less on the way to a navigator's first answer.
        self.landmarks = LandmarkTable(
            graph: graph, weights: weights,
            inMainComponent: landmarkCount > 0 ? Self.mainNodes(graph, connectivity) : [], count: landmarkCount)
    }

    /// This network with `count` landmarks, for a router that prepares them after it has started.
    func withLandmarks(count: Int, graph: RoadGraph) -> ModeNetwork {
        var network = self
        network.landmarks = LandmarkTable(
            graph: graph, weights: weights, inMainComponent: Self.mainNodes(graph, connectivity), count: count)
        return network
    }

    private static func mainNodes(_ graph: RoadGraph, _ connectivity: ModeConnectivity) -> [Bool] {
        var mainNodes = [Bool](repeating: false, count: graph.nodeCount)
        for arc in 0..<graph.arcCount where connectivity.isMain(arc) { mainNodes[Int(graph.head(ofArc: arc))] = true }
        return mainNodes
    }
}
