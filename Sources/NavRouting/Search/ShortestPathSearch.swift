import NavMap

/// Fastest-path search over road *arcs* rather than nodes, so that turn restrictions, the ban on U-turns
/// (except at dead ends) and the cost of each turn (``TurnCosts``) are exact. A search state is "has just driven along arc a" in a
/// ``ThroughTrafficRule`` phase: state `a` is an open arc, or a destination-only arc still in the origin's
/// stretch; ``ModeNetwork/destinationState`` numbers the destination-only arcs of the destination's stretch
/// after all arcs. So destination-only roads are used at the ends of a leg only, and the search stays exact.
///
/// The bidirectional variant runs A* from both ends with the average of the two landmark potentials,
/// which is consistent for both directions, and stops when the two smallest keys together reach the best
/// meeting cost found so far. The one-directional variant is the plain Dijkstra reference.
struct ShortestPathSearch {
    let graph: RoadGraph
    let network: ModeNetwork
    /// Segment flags whose arcs are made much dearer (used only where there is no reasonable other way).
    let avoidedFlags: UInt8
    /// Segment flags whose arcs may not be used at all.
    let forbiddenFlags: UInt8
    /// Per-arc speed factors (traffic, alternative-route penalties); nil means 1 everywhere.
    let factors: [Float]?
    let useLandmarks: Bool
    let bidirectional: Bool
    let isCanceled: (() -> Bool)?
    /// The graph's time-windowed restrictions in force for this request (``TimedTurnRestrictions``).
    let timedRestrictions: [RoadGraph.TurnRestriction]

    // The graph arrays the inner loops read, held directly so that access compiles to plain loads
    // rather than calls across the module boundary.
    private let segmentEnds: [UInt32]
    private let segmentFlags: [UInt8]
    private let arcModes: [UInt8]
    private let arcHasRestriction: [Bool]
    private let outOffsets: [UInt32]
    private let outArcs: [UInt32]
    private let inOffsets: [UInt32]
    private let inArcs: [UInt32]
    private let weights: [UInt32]
    private let modeBit: UInt8
    private let arcRestrictedModes: [UInt8]
    private let destinationState: [UInt32]
    private let arcCount: Int
    /// Whether the mode has destination-only arcs at all; without them every state is its arc.
    private let hasRestricted: Bool
    private let turns: TurnCosts
    /// Per arc, whether a time-windowed restriction starts at it (empty when none is in force).
    private let timedStarts: [Bool]
    /// Whether turns cost anything for the mode (motor vehicles only).
    private let pricesTurns: Bool

    init(
        graph: RoadGraph, network: ModeNetwork, avoidedFlags: UInt8, forbiddenFlags: UInt8 = 0, factors: [Float]?,
        useLandmarks: Bool, bidirectional: Bool, isCanceled: (() -> Bool)?,
        timedRestrictions: [RoadGraph.TurnRestriction] = []
    ) {
        self.timedRestrictions = timedRestrictions
        timedStarts = timedRestrictions.isEmpty ? [] : graph.timedRestrictions.startsAtArc
        self.graph = graph
        self.network = network
        self.avoidedFlags = avoidedFlags
        self.forbiddenFlags = forbiddenFlags
        self.factors = factors
        self.useLandmarks = useLandmarks
        self.bidirectional = bidirectional
        self.isCanceled = isCanceled
        segmentEnds = graph.segmentEnds
        segmentFlags = graph.segmentFlags
        arcModes = graph.arcModes
        arcHasRestriction = graph.arcHasRestriction
        outOffsets = graph.outOffsets
        outArcs = graph.outArcs
        inOffsets = graph.inOffsets
        inArcs = graph.inArcs
        weights = network.weights
        modeBit = network.mode.bit
        arcRestrictedModes = graph.arcRestrictedModes
        destinationState = network.destinationState
        arcCount = graph.arcCount
        hasRestricted = !network.restrictedArcs.isEmpty
        turns = network.turns
        pricesTurns = network.mode.isMotorized
    }

    /// Whether the arc is destination-only for the mode (``ThroughTrafficRule``).
    @inline(__always) func isRestricted(_ arc: Int) -> Bool { arcRestrictedModes[arc] & modeBit != 0 }

    /// The arc a search state stands for.
    @inline(__always) func arc(ofState state: Int) -> Int {
        state < arcCount ? state : Int(network.restrictedArcs[state - arcCount])
    }

    /// The state after turning from `state` onto arc `b`, or nil when that would be through traffic on a
    /// destination-only road (``ThroughTrafficRule/next(after:enteringRestricted:)``).
    @inline(__always) private func forwardState(from state: Int, onto b: Int) -> Int? {
        guard hasRestricted else { return b }
        let phase: ThroughTrafficRule.Phase =
            state >= arcCount ? .reachingDestination : (isRestricted(state) ? .leavingOrigin : .open)
        switch ThroughTrafficRule.next(after: phase, enteringRestricted: isRestricted(b)) {
        case .leavingOrigin, .open: return b
        case .reachingDestination: return Int(destinationState[b])
        case nil: return nil
        }
    }

    /// The state on arc `a` that turns legally into `state`, if any (the rule read backwards; for each
    /// state there is at most one).
    @inline(__always) private func backwardState(onto state: Int, from a: Int) -> Int? {
        guard hasRestricted else { return a }
        let phase: ThroughTrafficRule.Phase =
            state >= arcCount ? .reachingDestination : (isRestricted(state) ? .leavingOrigin : .open)
        switch ThroughTrafficRule.previous(before: phase, fromRestricted: isRestricted(a)) {
        case .leavingOrigin, .open: return a
        case .reachingDestination: return Int(destinationState[a])
        case nil: return nil
        }
    }

    @inline(__always) private func head(_ arc: Int) -> Int { Int(segmentEnds[arc ^ 1]) }
    @inline(__always) private func tail(_ arc: Int) -> Int { Int(segmentEnds[arc]) }

    struct Canceled: Error {}

    static let noParent = UInt32.max
    static let terminalBit: UInt32 = 0x8000_0000

    /// The search cost of driving the whole of `arc`, or nil when the mode may not use it.
    @inline(__always) func weight(_ arc: Int) -> Int? {
        let base = weights[arc]
        if base == ModeNetwork.unreachable { return nil }
        var cost = Int(base)
        if forbiddenFlags != 0 && segmentFlags[arc >> 1] & forbiddenFlags != 0 { return nil }
        if avoidedFlags != 0 && segmentFlags[arc >> 1] & avoidedFlags != 0 {
            // Soft avoidance: the arc stays usable when there is no other way, but at a steep price.
            cost = cost * 50 + 600_000
        }
        if let factors {
            cost = Int((Double(cost) / Double(factors[arc])).rounded(.up))
        }
        return cost
    }

    @inline(__always) func partial(_ cost: Int, _ fraction: Double) -> Int {
        Int((Double(cost) * fraction).rounded())
    }

    /// The search cost of turning from arc `a` into arc `b` at `node` (``TurnCosts``; nothing for cycling and
    /// walking). Every search adds it to the cost of the arc turned into.
    @inline(__always) func turnCost(from a: Int, to b: Int, at node: Int) -> Int {
        pricesTurns ? turns.cost(from: a, to: b, at: node, modeBit: modeBit) : 0
    }

    /// U-turns are allowed only where there is nothing else to do.
    @inline(__always) func turnAllowed(from a: Int, to b: Int, at node: Int) -> Bool {
        if b == a ^ 1 {
            var usable = 0
            for k in Int(outOffsets[node])..<Int(outOffsets[node + 1]) where arcModes[Int(outArcs[k])] & modeBit != 0 {
                usable += 1
                if usable > 1 { return false }
            }
            return true
        }
        if !timedStarts.isEmpty && timedStarts[a] && isTimedRestricted(from: a, to: b) { return false }
        return !arcHasRestriction[a] || !graph.isTurnRestricted(from: a, to: b, modeBit: modeBit)
    }

    /// Whether a time-windowed restriction in force forbids the turn.
    func isTimedRestricted(from a: Int, to b: Int) -> Bool {
        timedRestrictions.contains { Int($0.fromArc) == a && Int($0.toArc) == b && $0.modes & modeBit != 0 }
    }

    /// Finds the cheapest path from any of `sources` to any of `targets`.
    /// - Throws: `Canceled` when `isCanceled` turns true.
    func run(sources: [SearchEndpoint], targets: [SearchEndpoint], workspace ws: inout SearchWorkspace) throws
        -> ArcPath?
    {
        let stamp = ws.stamp
        var best = Int.max
        var meeting: UInt32 = Self.noParent
        var direct: (source: SearchEndpoint, target: SearchEndpoint)?

        // Same arc, target ahead of source: no search needed for this candidate.
        for s in sources {
            for t in targets where s.arc == t.arc && t.fraction >= s.fraction {
                if let w = weight(Int(s.arc)) {
                    let cost = partial(w, t.fraction - s.fraction)
                    if cost < best {
                        best = cost
                        direct = (s, t)
                    }
                }
            }
        }

        let sourceNodes = Array(Set(sources.map { Int(graph.head(ofArc: Int($0.arc))) }))
        let targetNodes = Array(Set(targets.map { Int(graph.tail(ofArc: Int($0.arc))) }))
        let landmarks = network.landmarks
        let potentials = useLandmarks && landmarks.count > 0

        func potential(_ node: Int) -> Int {
            guard potentials else { return 0 }
            if ws.potentialStamp[node] == stamp { return ws.potential[node] }
            var toTarget = Int.max
            for t in targetNodes { toTarget = min(toTarget, landmarks.lowerBound(from: node, to: t)) }
            var fromSource = Int.max
            for s in sourceNodes { fromSource = min(fromSource, landmarks.lowerBound(from: s, to: node)) }
            let value = toTarget - fromSource
            ws.potential[node] = value
            ws.potentialStamp[node] = stamp
            return value
        }

        // Forward start: on a source arc, having driven its remaining part.
        for s in sources {
            guard let w = weight(Int(s.arc)) else { continue }
            let arc = Int(s.arc)
            let cost = partial(w, 1 - s.fraction)
            if ws.forwardStamp[arc] != stamp || cost < ws.forwardCost[arc] {
                ws.forwardStamp[arc] = stamp
                ws.forwardCost[arc] = cost
                ws.forwardParent[arc] = Self.noParent
                let head = Int(graph.head(ofArc: arc))
                ws.forwardHeap.push(.init(key: 2 * cost + potential(head), cost: cost, state: UInt32(arc)))
            }
        }
        // Backward start: on any arc that may turn into a target arc, with the part of it still to drive. A
        // destination-only target may be reached in either of its stretches.
        for t in targets {
            guard let w = weight(Int(t.arc)) else { continue }
            let cost = partial(w, t.fraction)
            let tail = Int(graph.tail(ofArc: Int(t.arc)))
            let targetStates = isRestricted(Int(t.arc)) ? [Int(t.arc), Int(destinationState[Int(t.arc)])] : [Int(t.arc)]
            for a in graph.incomingArcs(ofNode: tail) {
                let arc = Int(a)
                guard weight(arc) != nil, turnAllowed(from: arc, to: Int(t.arc), at: tail) else { continue }
                let turned = cost + turnCost(from: arc, to: Int(t.arc), at: tail)
                for targetState in targetStates {
                    guard let state = backwardState(onto: targetState, from: arc) else { continue }
                    if ws.backwardStamp[state] != stamp || turned < ws.backwardCost[state] {
                        ws.backwardStamp[state] = stamp
                        ws.backwardCost[state] = turned
                        ws.backwardParent[state] = t.arc | Self.terminalBit
                        let head = Int(graph.head(ofArc: arc))
                        ws.backwardHeap.push(.init(key: 2 * turned - potential(head), cost: turned, state: UInt32(state)))
                    }
                }
            }
        }
        for s in sources where ws.forwardStamp[Int(s.arc)] == stamp && ws.backwardStamp[Int(s.arc)] == stamp {
            let total = ws.forwardCost[Int(s.arc)] + ws.backwardCost[Int(s.arc)]
            if total < best {
                best = total
                meeting = s.arc
                direct = nil
            }
        }

        var settled = 0
        while true {
            while let top = ws.forwardHeap.top, top.cost != ws.forwardCost[Int(top.state)] { _ = ws.forwardHeap.pop() }
            if bidirectional {
                while let top = ws.backwardHeap.top, top.cost != ws.backwardCost[Int(top.state)] {
                    _ = ws.backwardHeap.pop()
                }
            }
            guard let forwardTop = ws.forwardHeap.top else { break }
            let backwardKey: Int
            if bidirectional {
                guard let backwardTop = ws.backwardHeap.top else { break }
                backwardKey = backwardTop.key
            } else {
                backwardKey = 0
            }
            if best != Int.max && forwardTop.key + backwardKey >= 2 * best { break }
            settled += 1
            if settled & 4095 == 0, let isCanceled, isCanceled() { throw Canceled() }

            if !bidirectional || forwardTop.key <= backwardKey {
                let entry = ws.forwardHeap.pop()!
                let from = Int(entry.state)
                let a = arc(ofState: from)
                let node = head(a)
                for k in Int(outOffsets[node])..<Int(outOffsets[node + 1]) {
                    let b = Int(outArcs[k])
                    guard let w = weight(b), turnAllowed(from: a, to: b, at: node),
                        let next = forwardState(from: from, onto: b)
                    else { continue }
                    let cost = entry.cost + w + turnCost(from: a, to: b, at: node)
                    if ws.forwardStamp[next] != stamp || cost < ws.forwardCost[next] {
                        ws.forwardStamp[next] = stamp
                        ws.forwardCost[next] = cost
                        ws.forwardParent[next] = UInt32(from)
                        ws.forwardHeap.push(.init(key: 2 * cost + potential(head(b)), cost: cost, state: UInt32(next)))
                        if ws.backwardStamp[next] == stamp, cost + ws.backwardCost[next] < best {
                            best = cost + ws.backwardCost[next]
                            meeting = UInt32(next)
                            direct = nil
                        }
                    }
                }
            } else {
                let entry = ws.backwardHeap.pop()!
                let onto = Int(entry.state)
                let b = arc(ofState: onto)
                guard let w = weight(b) else { continue }
                let node = tail(b)
                for k in Int(inOffsets[node])..<Int(inOffsets[node + 1]) {
                    let a = Int(inArcs[k])
                    guard weight(a) != nil, turnAllowed(from: a, to: b, at: node),
                        let previous = backwardState(onto: onto, from: a)
                    else { continue }
                    let cost = entry.cost + w + turnCost(from: a, to: b, at: node)
                    if ws.backwardStamp[previous] != stamp || cost < ws.backwardCost[previous] {
                        ws.backwardStamp[previous] = stamp
                        ws.backwardCost[previous] = cost
                        ws.backwardParent[previous] = UInt32(onto)
                        ws.backwardHeap.push(.init(key: 2 * cost - potential(node), cost: cost, state: UInt32(previous)))
                        if ws.forwardStamp[previous] == stamp, cost + ws.forwardCost[previous] < best {
                            best = cost + ws.forwardCost[previous]
                            meeting = UInt32(previous)
                            direct = nil
                        }
                    }
                }
            }
        }

        if let direct {
            return ArcPath(
                arcs: [direct.source.arc], startFraction: direct.source.fraction, endFraction: direct.target.fraction,
                cost: best)
        }
        guard best != Int.max, meeting != Self.noParent else { return nil }
        var arcs: [UInt32] = []
        var state = meeting
        while state != Self.noParent {
            arcs.append(UInt32(arc(ofState: Int(state))))
            state = ws.forwardParent[Int(state)]
        }
        arcs.reverse()
        state = ws.backwardParent[Int(meeting)]
        while true {
            if state & Self.terminalBit != 0 {
                arcs.append(state & ~Self.terminalBit)
                break
            }
            arcs.append(UInt32(arc(ofState: Int(state))))
            state = ws.backwardParent[Int(state)]
        }
        let first = arcs[0]
        let last = arcs[arcs.count - 1]
        let startFraction = sources.first { $0.arc == first }?.fraction ?? 0
        let endFraction = targets.first { $0.arc == last }?.fraction ?? 1
        return ArcPath(arcs: arcs, startFraction: startFraction, endFraction: endFraction, cost: best)
    }
}
