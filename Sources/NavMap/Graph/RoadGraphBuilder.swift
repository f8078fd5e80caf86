import NavCore

/// Turns OSM data into a ``RoadGraph``: applies the travel-mode profiles to every way, splits ways into
/// segments, marks tolls, and resolves turn restrictions into forbidden arc pairs (restrictions via a way
/// become a copy of the via way that lacks the forbidden exit).
public struct RoadGraphBuilder {
    private var latitudes: [Double] = []
    private var longitudes: [Double] = []
    private var nodeOSMIDs: [Int64] = []
    private var nodeIndex: [Int64: UInt32] = [:]
    private var segmentEnds: [UInt32] = []
    private var segmentLengths: [Float] = []
    private var segmentWays: [UInt32] = []
    private var segmentFlags: [UInt8] = []
    private var segmentBicycleSpeeds: [Float] = []
    private var segmentFootSpeeds: [Float] = []
    private var arcModes: [UInt8] = []
    private var arcRestrictedModes: [UInt8] = []
    private var arcMotorSpeeds: [Float] = []
    private var arcSpeedLimits: [Float] = []
    private var wayOSMIDs: [Int64] = []
    private var wayNames: [String] = []
    private var wayRefs: [String] = []
    private var wayClasses: [UInt8] = []
    private var waySegmentOffsets: [UInt32] = [0]
    /// Per graph way: the graph node at each OSM node position (or nil) and the segment after it (or nil).
    private var wayPositions: [[(node: UInt32?, segment: UInt32?)]] = []
    private var wayByOSMID: [Int64: Int] = [:]
    private var restrictions: [RoadGraph.TurnRestriction] = []
    /// Restrictions via a node that hold only at some times (``TimedTurnRestrictions``).
    private var timedRestrictions: [TimedTurnRestrictions.Entry] = []
    private var nodeAttributes: [UInt32: NodeAttributes] = [:]
    /// Border nodes: where a way runs on to a node the extract does not contain (``MapEdgeTable``).
    private var mapEdges: [UInt32: (exits: UInt8, entries: UInt8)] = [:]

    /// Builds the graph for `data`.
    /// - Throws: ``MapError`` with code `noRoads` when no way is usable by any travel mode.
    public static func build(
        _ data: OSMData, source: String = "<memory>", progress: ((MapImportProgress) -> Void)? = nil
    ) throws -> RoadGraph {
        var builder = RoadGraphBuilder()
        progress?(MapImportProgress(phase: .building, processed: 0))
        for (i, way) in data.ways.enumerated() {
            builder.add(way, nodes: data.nodes)
            if (i + 1) % 100_000 == 0 { progress?(MapImportProgress(phase: .building, processed: i + 1)) }
        }
        guard !builder.segmentLengths.isEmpty else {
            throw MapError(.noRoads, path: source, "contains no road or path usable by any travel mode")
        }
        var graph = builder.makeGraph(restrictions: [])
        builder.resolve(data.restrictions, in: graph)
        graph = builder.makeGraph(restrictions: builder.restrictions)
        graph.timedRestrictions = TimedTurnRestrictions(builder.timedRestrictions, arcCount: graph.arcCount)
        graph.nodeAttributes = NodeAttributeTable(builder.nodeAttributes)
        graph.mapEdges = MapEdgeTable(builder.mapEdges)
        DestinationOnlyZones.mark(in: &graph)
        progress?(MapImportProgress(phase: .done, processed: data.ways.count))
        return graph
    }

    private func makeGraph(restrictions: [RoadGraph.TurnRestriction]) -> RoadGraph {
        RoadGraph(
            latitudes: latitudes, longitudes: longitudes, nodeOSMIDs: nodeOSMIDs, segmentEnds: segmentEnds,
            segmentLengths: segmentLengths, segmentWays: segmentWays, segmentFlags: segmentFlags,
            segmentBicycleSpeeds: segmentBicycleSpeeds, segmentFootSpeeds: segmentFootSpeeds, arcModes: arcModes,
            arcRestrictedModes: arcRestrictedModes, arcMotorSpeeds: arcMotorSpeeds, arcSpeedLimits: arcSpeedLimits, wayOSMIDs: wayOSMIDs, wayNames: wayNames,
            wayRefs: wayRefs, wayClasses: wayClasses, waySegmentOffsets: waySegmentOffsets,
            restrictions: restrictions)
    }

    private mutating func graphNode(_ id: Int64, _ node: OSMData.Node) -> UInt32 {
        if let index = nodeIndex[id] { return index }
        let index = UInt32(latitudes.count)
        nodeIndex[id] = index
        latitudes.append(node.latitude)
        longitudes.append(node.longitude)
        nodeOSMIDs.append(id)
        if !node.attributes.isEmpty { nodeAttributes[index] = node.attributes }
        return index
    }

    private mutating func add(_ way: OSMData.Way, nodes: [Int64: OSMData.Node]) {
        guard let rules = WayRules(tags: way.tags) else { return }
        let wayIndex = UInt32(wayOSMIDs.count)
        var flags = RoadGraph.SegmentFlags()
        if rules.isFerry { flags.insert(.ferry) }
        if rules.isRoundabout { flags.insert(.roundabout) }
        if rules.highwayClass.isHighway { flags.insert(.highway) }
        var positions: [(node: UInt32?, segment: UInt32?)] = []
        positions.reserveCapacity(way.nodeIDs.count)
        var previous: (index: UInt32, node: OSMData.Node)?
        var afterGap = false
        for id in way.nodeIDs {
            guard let node = nodes[id] else {
                // The way runs on beyond the map's edge: along the way the last node before the gap leads out.
                if let from = previous { markEdge(from.index, exits: rules.forwardModes, entries: rules.backwardModes) }
                positions.append((nil, nil))
                previous = nil
                afterGap = true
                continue
            }
            let index = graphNode(id, node)
            positions.append((index, nil))
            if afterGap {
                markEdge(index, exits: rules.backwardModes, entries: rules.forwardModes)
                afterGap = false
            }
            defer { previous = (index, node) }
            guard let from = previous, from.index != index else { continue }
            var segmentFlags = flags
            if rules.isToll || from.node.isTollBooth || node.isTollBooth { segmentFlags.insert(.toll) }
            positions[positions.count - 2].segment = UInt32(segmentLengths.count)
            let length = Coordinate(latitude: from.node.latitude, longitude: from.node.longitude)
                .distance(to: Coordinate(latitude: node.latitude, longitude: node.longitude))
            appendSegment(
                from: from.index, to: index, length: Float(length), way: wayIndex, flags: segmentFlags.rawValue,
                bicycleSpeed: Float(rules.bicycleSpeed), footSpeed: Float(rules.footSpeed),
                forward: (
                    rules.forwardModes, rules.restrictedModes & rules.forwardModes, Float(rules.motorSpeedForward),
                    Float(rules.speedLimitForward ?? 0)
                ),
                backward: (
                    rules.backwardModes, rules.restrictedModes & rules.backwardModes, Float(rules.motorSpeedBackward),
                    Float(rules.speedLimitBackward ?? 0)
                ))
        }
        if UInt32(segmentLengths.count) == waySegmentOffsets[waySegmentOffsets.count - 1] { return }
        wayOSMIDs.append(way.id)
        wayNames.append(rules.name)
        wayRefs.append(rules.ref)
        wayClasses.append(rules.highwayClass.rawValue)
        waySegmentOffsets.append(UInt32(segmentLengths.count))
        wayPositions.append(positions)
        wayByOSMID[way.id] = Int(wayIndex)
    }

    private mutating func markEdge(_ node: UInt32, exits: UInt8, entries: UInt8) {
        let known = mapEdges[node] ?? (0, 0)
        mapEdges[node] = (known.exits | exits, known.entries | entries)
    }

    private mutating func appendSegment(
        from: UInt32, to: UInt32, length: Float, way: UInt32, flags: UInt8, bicycleSpeed: Float, footSpeed: Float,
        forward: (modes: UInt8, restricted: UInt8, speed: Float, limit: Float),
        backward: (modes: UInt8, restricted: UInt8, speed: Float, limit: Float)
    ) {
        segmentEnds.append(from)
        segmentEnds.append(to)
        segmentLengths.append(length)
        segmentWays.append(way)
        segmentFlags.append(flags)
        segmentBicycleSpeeds.append(bicycleSpeed)
        segmentFootSpeeds.append(footSpeed)
        arcModes.append(forward.modes)
        arcModes.append(backward.modes)
        arcRestrictedModes.append(forward.restricted)
        arcRestrictedModes.append(backward.restricted)
        arcMotorSpeeds.append(forward.speed)
        arcMotorSpeeds.append(backward.speed)
        arcSpeedLimits.append(forward.limit)
        arcSpeedLimits.append(backward.limit)
    }

    // MARK: Turn restrictions

    /// Arcs of `way` that end at `node`.
    private func arcs(of way: Int, entering node: UInt32) -> [UInt32] {
        var result: [UInt32] = []
        let positions = wayPositions[way]
        for (i, position) in positions.enumerated() where position.node == node {
            if i > 0, let segment = positions[i - 1].segment { result.append(2 * segment) }
            if let segment = position.segment { result.append(2 * segment + 1) }
        }
        return result.filter { arcModes[Int($0)] != 0 }
    }

    /// Arcs of `way` that start at `node`.
    private func arcs(of way: Int, leaving node: UInt32) -> [UInt32] {
        arcs(of: way, entering: node).map { $0 ^ 1 }.filter { arcModes[Int($0)] != 0 }
    }

    private mutating func resolve(_ relations: [OSMData.Restriction], in graph: RoadGraph) {
        var viaWayTurns: [ViaWayKey: (forbidden: Set<UInt32>, modes: UInt8)] = [:]
        for relation in relations {
            let fromWays = relation.fromWays.compactMap { wayByOSMID[$0] }
            let toWays = relation.toWays.compactMap { wayByOSMID[$0] }
            guard !fromWays.isEmpty, !toWays.isEmpty else { continue }
            let only = relation.kind.hasPrefix("only_")
            if let viaID = relation.viaNode {
                guard let via = nodeIndex[viaID] else { continue }
                let toArcs = Set(toWays.flatMap { arcs(of: $0, leaving: via) })
                guard !toArcs.isEmpty else { continue }
                let modes = bindingModes(relation, only: only, toArcs: toArcs)
                guard modes != 0 else { continue }
                // `no_u_turn` from a way onto itself forbids turning round, not going on along the way where it
                // runs through the via node.
                let turningRound = relation.kind == "no_u_turn" && Set(fromWays) == Set(toWays)
                for fromArc in fromWays.flatMap({ arcs(of: $0, entering: via) }) {
                    let exits = turningRound ? toArcs.intersection([fromArc ^ 1]) : toArcs
                    forbid(
                        from: fromArc, at: via, exits: exits, only: only, modes: modes, window: relation.window,
                        graph: graph)
                }
            } else {
                collectViaWays(
                    relation, fromWays: fromWays, toWays: toWays, only: only, graph: graph, into: &viaWayTurns)
            }
        }
        // Restrictions sharing a from arc and via path share one copy, which lacks every forbidden exit.
        let orderedKeys = viaWayTurns.keys.sorted { a, b in
            a.fromArc != b.fromArc ? a.fromArc < b.fromArc : a.path.lexicographicallyPrecedes(b.path)
        }
        for key in orderedKeys {
            let turns = viaWayTurns[key]!
            copyViaPath(key.path, after: key.fromArc, forbiddenExits: turns.forbidden, modes: turns.modes, graph: graph)
        }
    }

    /// The modes a restriction binds. An `only_` restriction binds only the modes that may drive on along one of
    /// its `to` arcs: "straight on only" into a street closed to cars (a market square open to buses and bicycles)
    /// leaves a car no lawful way on at all, so it is a sign for the traffic that may go straight on, and the car
    /// turns as the street's other signs allow. OSRM drops such a restriction for cars too: its `to` way is not in
    /// the car graph. A `no_` restriction binds every mode it names.
    private func bindingModes(_ relation: OSMData.Restriction, only: Bool, toArcs: Set<UInt32>) -> UInt8 {
        guard only else { return relation.modes }
        return relation.modes & toArcs.reduce(0) { $0 | arcModes[Int($1)] }
    }

    private struct ViaWayKey: Hashable {
        var fromArc: UInt32
        var path: [UInt32]
    }

    private mutating func forbid(
        from fromArc: UInt32, at via: UInt32, exits: Set<UInt32>, only: Bool, modes: UInt8, window: TimeWindow?,
        graph: RoadGraph
    ) {
        for out in graph.outgoingArcs(ofNode: Int(via)) where exits.contains(out) != only {
            if let window {
                timedRestrictions.append(.init(fromArc: fromArc, toArc: out, modes: modes, window: window))
            } else {
                restrictions.append(RoadGraph.TurnRestriction(fromArc: fromArc, toArc: out, modes: modes))
            }
        }
    }

    /// A restriction via one or more ways: traffic from the `from` arc is diverted onto a copy of the via
    /// path whose last node lacks the forbidden exits, which keeps the search a plain shortest-path search.
    private func collectViaWays(
        _ relation: OSMData.Restriction, fromWays: [Int], toWays: [Int], only: Bool, graph: RoadGraph,
        into turns: inout [ViaWayKey: (forbidden: Set<UInt32>, modes: UInt8)]
    ) {
        let viaWays = relation.viaWays.compactMap { wayByOSMID[$0] }
        guard viaWays.count == relation.viaWays.count else { return }
        for fromWay in fromWays {
            for start in wayNodes(fromWay) {
                guard let path = viaPath(from: start, through: viaWays, graph: graph) else { continue }
                let end = graph.head(ofArc: Int(path[path.count - 1]))
                let toArcs = Set(toWays.flatMap { arcs(of: $0, leaving: end) })
                guard !toArcs.isEmpty else { continue }
                let modes = bindingModes(relation, only: only, toArcs: toArcs)
                guard modes != 0 else { continue }
                let exits = Set(graph.outgoingArcs(ofNode: Int(end)))
                let forbidden = only ? exits.subtracting(toArcs) : toArcs
                for fromArc in arcs(of: fromWay, entering: start) where !path.contains(fromArc ^ 1) {
                    let key = ViaWayKey(fromArc: fromArc, path: path)
                    let existing = turns[key] ?? ([], 0)
                    turns[key] = (existing.forbidden.union(forbidden), existing.modes | modes)
                }
            }
        }
    }

    private func wayNodes(_ way: Int) -> Set<UInt32> {
        Set(wayPositions[way].compactMap(\.node))
    }

    /// The arcs that follow the via ways in order from `start`, or nil if they do not chain up.
    private func viaPath(from start: UInt32, through viaWays: [Int], graph: RoadGraph) -> [UInt32]? {
        var node = start
        var path: [UInt32] = []
        for way in viaWays {
            let positions = wayPositions[way]
            guard let index = positions.firstIndex(where: { $0.node == node }) else { return nil }
            let forwardEnd = positions.count - 1
            let goForward = index != forwardEnd
            var i = index
            while goForward ? i < forwardEnd : i > 0 {
                let segmentIndex = goForward ? positions[i].segment : positions[i - 1].segment
                guard let segment = segmentIndex else { return nil }
                path.append(goForward ? 2 * segment : 2 * segment + 1)
                i += goForward ? 1 : -1
            }
            guard let last = positions[i].node else { return nil }
            node = last
        }
        return path.isEmpty ? nil : path
    }

    private mutating func copyViaPath(
        _ path: [UInt32], after fromArc: UInt32, forbiddenExits: Set<UInt32>, modes: UInt8, graph: RoadGraph
    ) {
        let start = graph.tail(ofArc: Int(path[0]))
        var previousCopy = start
        var firstCopyArc: UInt32?
        for (i, arc) in path.enumerated() {
            let original = graph.head(ofArc: Int(arc))
            let copy = UInt32(latitudes.count)
            latitudes.append(latitudes[Int(original)])
            longitudes.append(longitudes[Int(original)])
            nodeOSMIDs.append(nodeOSMIDs[Int(original)])
            // The copy stands for the same place, so a road beyond the map's edge goes on from it as well.
            if let edge = mapEdges[original] { mapEdges[copy] = edge }
            let copyArc = appendCopy(of: Int(arc), from: previousCopy, to: copy, modes: modes)
            if firstCopyArc == nil { firstCopyArc = copyArc }
            let isLast = i == path.count - 1
            for out in graph.outgoingArcs(ofNode: Int(original)) {
                // No U-turn back along the via way: the copy would hide it from the search's U-turn rule.
                if out == arc ^ 1 { continue }
                if !isLast && out == path[i + 1] { continue }
                if isLast && forbiddenExits.contains(out) { continue }
                let head = graph.head(ofArc: Int(out))
                _ = appendCopy(of: Int(out), from: copy, to: head, modes: modes)
            }
            previousCopy = copy
        }
        guard let firstCopyArc else { return }
        restrictions.append(RoadGraph.TurnRestriction(fromArc: fromArc, toArc: path[0], modes: modes))
        for entering in graph.incomingArcs(ofNode: Int(start)) where entering != fromArc {
            restrictions.append(RoadGraph.TurnRestriction(fromArc: entering, toArc: firstCopyArc, modes: 0xFF))
        }
    }

    /// Appends a one-directional copy of `arc` between the given nodes and returns the new arc.
    private mutating func appendCopy(of arc: Int, from: UInt32, to: UInt32, modes: UInt8) -> UInt32 {
        let segment = arc >> 1
        let flags = segmentFlags[segment] | RoadGraph.SegmentFlags.restrictionCopy.rawValue
        let newArc = UInt32(arcModes.count)
        appendSegment(
            from: from, to: to, length: segmentLengths[segment], way: segmentWays[segment], flags: flags,
            bicycleSpeed: segmentBicycleSpeeds[segment], footSpeed: segmentFootSpeeds[segment],
            forward: (arcModes[arc] & modes, arcRestrictedModes[arc] & modes, arcMotorSpeeds[arc], arcSpeedLimits[arc]),
            backward: (0, 0, 0, 0))
        return newArc
    }
}
