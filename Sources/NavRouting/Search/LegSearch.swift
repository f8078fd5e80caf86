import NavMap

/// The search for one leg, applying the ``Avoidance`` rule: without avoid flags one search; with them, the
/// fastest route and the fastest route that keeps off the avoided roads, and (only when no route keeps off
/// them) a search that uses them as little as it can.
struct LegSearch {
    let graph: RoadGraph
    let network: ModeNetwork
    let options: RoutingOptions
    let factors: [Float]?
    let useLandmarks: Bool
    let isCanceled: (() -> Bool)?
    let sources: [SearchEndpoint]
    let targets: [SearchEndpoint]
    /// The contraction hierarchy and its metric per avoidance, when the automatic search may use it.
    let hierarchy: HierarchyRoute?

    struct HierarchyRoute {
        let hierarchy: ContractionHierarchy
        /// The customized metric for an avoidance, nil while it is being customized in the background.
        let metric: (Avoidance) -> HierarchyMetric?
        let counter: LegSearchCounter
    }

    /// The leg's path and how it treated the avoided roads, or nil when no route connects the two ends.
    /// - Throws: `ShortestPathSearch.Canceled`.
    func run(workspace: inout SearchWorkspace) throws -> (path: ArcPath, avoidance: Avoidance)? {
        let flags = options.avoidedFlags
        guard flags != 0 else {
            return try search(.none, &workspace).map { ($0, Avoidance.none) }
        }
        guard let fastest = try search(.none, &workspace) else { return nil }
        if !uses(flags, fastest) { return (fastest, .keepingOff(flags)) }
        if let keepingOff = try search(.keepingOff(flags), &workspace) {
            if length(keepingOff) <= Avoidance.acceptableLength(fastest: length(fastest)) {
                return (keepingOff, .keepingOff(flags))
            }
            return (fastest, .none)
        }
        return try search(.penalising(flags), &workspace).map { ($0, .penalising(flags)) }
    }

    private func search(_ avoidance: Avoidance, _ workspace: inout SearchWorkspace) throws -> ArcPath? {
        let search = ShortestPathSearch(
            graph: graph, network: network, avoidedFlags: avoidance.penalised, forbiddenFlags: avoidance.forbidden,
            factors: factors, useLandmarks: useLandmarks, bidirectional: options.algorithm != .dijkstra,
            isCanceled: isCanceled, timedRestrictions: graph.timedRestrictions.inForce(at: options.departure))
        workspace.reset()
        if let hierarchy {
            if let metric = hierarchy.metric(avoidance) {
                if let isCanceled, isCanceled() { throw ShortestPathSearch.Canceled() }
                var labels = workspace.hierarchyLabels ?? HierarchyLabels(vertexCount: hierarchy.hierarchy.vertexCount)
                // Taken out, not shared: labels still referenced by the workspace would be copied (a few arrays
                // of one entry per arc) on the query's first write.
                workspace.hierarchyLabels = nil
                defer { workspace.hierarchyLabels = labels }
                let ends = LegEnds(search: search, sources: sources, targets: targets)
                let bound = ends.direct?.cost ?? Int.max
                let open = HierarchyQuery(hierarchy: hierarchy.hierarchy, metric: metric).run(
                    forward: ends.forwardSeeds, backward: ends.backwardSeeds, bound: bound, labels: &labels)
                let leg: ArcPath?
                if let open { leg = ends.leg(through: open.arcs, cost: open.cost) } else { leg = ends.direct }
                // The hierarchy knows only the fixed restrictions. Its best leg is also the best one under the
                // time-windowed restrictions in force unless it makes one of their turns; then (rarely) the
                // reference search, which knows them, answers.
                guard let leg, makesTimedRestrictedTurn(leg, search) else {
                    hierarchy.counter.count(onHierarchy: true)
                    return leg
                }
                hierarchy.counter.countTimedRestrictionFallback()
                workspace.reset()
                return try search.run(sources: sources, targets: targets, workspace: &workspace)
            }
            hierarchy.counter.count(onHierarchy: false)
        }
        return try search.run(sources: sources, targets: targets, workspace: &workspace)
    }

    private func makesTimedRestrictedTurn(_ path: ArcPath, _ search: ShortestPathSearch) -> Bool {
        guard !search.timedRestrictions.isEmpty else { return false }
        return zip(path.arcs, path.arcs.dropFirst()).contains { search.isTimedRestricted(from: Int($0), to: Int($1)) }
    }

    private func length(_ path: ArcPath) -> Double {
        var total = 0.0
        for (i, arc) in path.arcs.enumerated() {
            let start = i == 0 ? path.startFraction : 0
            let end = i == path.arcs.count - 1 ? path.endFraction : 1
            total += graph.lengthMeters(ofSegment: Int(arc >> 1)) * max(0, end - start)
        }
        return total
    }

    private func uses(_ flags: UInt8, _ path: ArcPath) -> Bool {
        path.arcs.contains { graph.segmentFlags[Int($0 >> 1)] & flags != 0 }
    }
}
