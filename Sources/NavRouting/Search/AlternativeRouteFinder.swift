import NavMap

/// Alternatives by the penalty method: the arcs of routes found so far are made slower and the search
/// repeated; a result counts when it shares at most 75 % of its length with every earlier route and its
/// true cost is at most 25 % above the fastest. Penalties only raise weights, so landmark bounds stay valid.
struct AlternativeRouteFinder {
    let graph: RoadGraph
    let network: ModeNetwork
    /// How the best route treated the roads to avoid; alternatives treat them the same way.
    let avoidance: Avoidance
    let trafficFactors: [Float]?
    let landmarksValid: Bool
    /// The time-windowed restrictions in force for the request.
    let timedRestrictions: [RoadGraph.TurnRestriction]

    static let maximumShare = 0.75
    static let maximumStretch = 1.25

    func alternatives(
        to best: ArcPath, sources: [SearchEndpoint], targets: [SearchEndpoint], wanted: Int,
        workspace: inout SearchWorkspace
    ) throws -> [ArcPath] {
        var factors = trafficFactors ?? [Float](repeating: 1, count: graph.arcCount)
        let base = ShortestPathSearch(
            graph: graph, network: network, avoidedFlags: avoidance.penalised, forbiddenFlags: avoidance.forbidden,
            factors: trafficFactors,
            useLandmarks: landmarksValid, bidirectional: true, isCanceled: nil, timedRestrictions: timedRestrictions)
        var accepted = [best]
        var found: [ArcPath] = []
        var attempts = 0
        var penalised = best
        while found.count < wanted && attempts < 6 {
            attempts += 1
            for arc in penalised.arcs {
                factors[Int(arc)] /= 1.6
                factors[Int(arc) ^ 1] /= 1.6
            }
            let search = ShortestPathSearch(
                graph: graph, network: network, avoidedFlags: avoidance.penalised, forbiddenFlags: avoidance.forbidden,
                factors: factors,
                useLandmarks: landmarksValid, bidirectional: true, isCanceled: nil, timedRestrictions: timedRestrictions)
            workspace.reset()
            guard var candidate = try search.run(sources: sources, targets: targets, workspace: &workspace) else {
                break
            }
            penalised = candidate
            candidate.cost = trueCost(candidate, search: base)
            guard Double(candidate.cost) <= Double(best.cost) * Self.maximumStretch else { continue }
            if accepted.allSatisfy({ sharedFraction(candidate, $0) <= Self.maximumShare }) {
                accepted.append(candidate)
                found.append(candidate)
            }
        }
        return found
    }

    private func trueCost(_ path: ArcPath, search: ShortestPathSearch) -> Int {
        var total = 0
        for (i, arc) in path.arcs.enumerated() {
            let w = search.weight(Int(arc)) ?? 0
            let start = i == 0 ? path.startFraction : 0
            let end = i == path.arcs.count - 1 ? path.endFraction : 1
            total += search.partial(w, end - start)
            if i > 0 {
                let previous = Int(path.arcs[i - 1])
                total += search.turnCost(from: previous, to: Int(arc), at: Int(graph.head(ofArc: previous)))
            }
        }
        return total
    }

    /// Length of `path` on segments also used by `other`, as a fraction of the shorter of the two.
    private func sharedFraction(_ path: ArcPath, _ other: ArcPath) -> Double {
        let otherSegments = Set(other.arcs.map { $0 >> 1 })
        var shared = 0.0
        var total = 0.0
        for arc in path.arcs {
            let length = graph.lengthMeters(ofSegment: Int(arc >> 1))
            total += length
            if otherSegments.contains(arc >> 1) { shared += length }
        }
        let otherTotal = other.arcs.reduce(0.0) { $0 + graph.lengthMeters(ofSegment: Int($1 >> 1)) }
        return shared / max(1, min(total, otherTotal))
    }
}
