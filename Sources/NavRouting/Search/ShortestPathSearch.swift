import NavMap

/// Fastest-path search over road *arcs* rather than nodes, so that turn restrictions and the ban on
/// U-turns (except at dead ends) are exact. A search state is "has just driven along arc a".
///
/// The bidirectional variant runs A* from both ends with the average of the two landmark potentials,
/// which is consistent for both directions, and stops when the two smallest keys together reach the best
/// meeting cost found so far. The one-directional variant is the plain Dijkstra reference.
struct ShortestPathSearch {
    let graph: RoadGraph
    let network: ModeNetwork
    let avoidedFlags: UInt8
    /// Per-arc speed factors (traffic, alternative-route penalties); nil means 1 everywhere.
    let factors: [Float]?
    let useLandmarks: Bool
    let bidirectional: Bool
    let isCanceled: (() -> Bool)?

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

    init(
        graph: RoadGraph, network: ModeNetwork, avoidedFlags: UInt8, factors: [Float]?, useLandmarks: Bool,
        bidirectional: Bool, isCanceled: (() -> Bool)?
    ) {
        self.graph = graph
        self.network = network
        self.avoidedFlags = avoidedFlags
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
        return !arcHasRestriction[a] || !graph.isTurnRestricted(from: a, to: b, modeBit: modeBit)
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
        // Backward start: on any arc that may turn into a target arc, with the part of it still to drive.
        for t in targets {
            guard let w = weight(Int(t.arc)) else { continue }
            let cost = partial(w, t.fraction)
            let tail = Int(graph.tail(ofArc: Int(t.arc)))
            for a in graph.incomingArcs(ofNode: tail) {
                let arc = Int(a)
                guard weight(arc) != nil, turnAllowed(from: arc, to: Int(t.arc), at: tail) else { continue }
                if ws.backwardStamp[arc] != stamp || cost < ws.backwardCost[arc] {
                    ws.backwardStamp[arc] = stamp
                    ws.backwardCost[arc] = cost
                    ws.backwardParent[arc] = t.arc | Self.terminalBit
                    let head = Int(graph.head(ofArc: arc))
                    ws.backwardHeap.push(.init(key: 2 * cost - potential(head), cost: cost, state: UInt32(arc)))
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
                let a = Int(entry.state)
                let node = head(a)
                for k in Int(outOffsets[node])..<Int(outOffsets[node + 1]) {
                    let b32 = outArcs[k]
                    let b = Int(b32)
                    guard let w = weight(b), turnAllowed(from: a, to: b, at: node) else { continue }
                    let cost = entry.cost + w
                    if ws.forwardStamp[b] != stamp || cost < ws.forwardCost[b] {
                        ws.forwardStamp[b] = stamp
                        ws.forwardCost[b] = cost
                        ws.forwardParent[b] = UInt32(a)
                        ws.forwardHeap.push(.init(key: 2 * cost + potential(head(b)), cost: cost, state: b32))
                        if ws.backwardStamp[b] == stamp, cost + ws.backwardCost[b] < best {
                            best = cost + ws.backwardCost[b]
                            meeting = b32
                            direct = nil
                        }
                    }
                }
            } else {
                let entry = ws.backwardHeap.pop()!
                let b = Int(entry.state)
                guard let w = weight(b) else { continue }
                let node = tail(b)
                let cost = entry.cost + w
                for k in Int(inOffsets[node])..<Int(inOffsets[node + 1]) {
                    let a32 = inArcs[k]
                    let a = Int(a32)
                    guard weight(a) != nil, turnAllowed(from: a, to: b, at: node) else { continue }
                    if ws.backwardStamp[a] != stamp || cost < ws.backwardCost[a] {
                        ws.backwardStamp[a] = stamp
                        ws.backwardCost[a] = cost
                        ws.backwardParent[a] = UInt32(b)
                        ws.backwardHeap.push(.init(key: 2 * cost - potential(node), cost: cost, state: a32))
                        if ws.forwardStamp[a] == stamp, cost + ws.forwardCost[a] < best {
                            best = cost + ws.forwardCost[a]
                            meeting = a32
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
            arcs.append(state)
            state = ws.forwardParent[Int(state)]
        }
        arcs.reverse()
        state = ws.backwardParent[Int(meeting)]
        while true {
            if state & Self.terminalBit != 0 {
                arcs.append(state & ~Self.terminalBit)
                break
            }
            arcs.append(state)
            state = ws.backwardParent[Int(state)]
        }
        let first = arcs[0]
        let last = arcs[arcs.count - 1]
        let startFraction = sources.first { $0.arc == first }?.fraction ?? 0
        let endFraction = targets.first { $0.arc == last }?.fraction ?? 1
        return ArcPath(arcs: arcs, startFraction: startFraction, endFraction: endFraction, cost: best)
    }
}
