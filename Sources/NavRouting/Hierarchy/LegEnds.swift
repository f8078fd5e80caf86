import NavMap

/// Where the hierarchy search of one leg starts and ends, under ``ThroughTrafficRule``.
///
/// The hierarchy's metric knows only the open network (destination-only arcs are infinite in it), so the
/// restricted stretches at the two ends of a leg are searched here, locally, with the reference search's arc
/// prices and turn rules: forward from the origin over the destination-only arcs it starts in (the origin's
/// stretch), backward from the destination over the destination-only arcs that lead to it (the destination's
/// stretch). Every turn out of the origin's stretch onto an open arc becomes a forward seed, every turn from
/// an open arc into the destination's stretch a backward seed; open source arcs and the open arcs that may turn
/// into a target arc are seeds directly, as in the reference search. Routes that never reach the open network
/// (along one arc, or within the origin's stretch up to the destination) are found here as ``direct``. Together
/// this covers every legal route — origin stretch, open part, destination stretch — so the leg stays exact.
///
/// A stretch is the connected destination-only area around a waypoint (a gated estate, a pedestrian zone), so
/// the local searches stay small; without destination-only arcs they only read the endpoints.
struct LegEnds {
    /// A label of a local search: the cost, and the arc before it (forward) or after it (backward).
    private struct Label {
        var cost: Int
        /// Forward: the previous arc, `noArc` on a source arc. Backward: the next arc, or the target arc when
        /// `nextIsTarget`.
        var link: UInt32
        var nextIsTarget = false
        /// Where the leg starts on a source arc (forward) or ends on the target arc after it (backward).
        var fraction: Double
    }

    private static let noArc = UInt32.max

    /// Open arcs to start the hierarchy's forward search from, each with the cost of reaching its end.
    private(set) var forwardSeeds: [HierarchySeed] = []
    /// Open arcs to start the backward search from, each with the cost from its end to the destination.
    private(set) var backwardSeeds: [HierarchySeed] = []
    /// The best route that needs no open arc between the ends (or along a single arc), if any.
    private(set) var direct: ArcPath?

    private var forward: [UInt32: Label] = [:]
    private var backward: [UInt32: Label] = [:]

    init(search: ShortestPathSearch, sources: [SearchEndpoint], targets: [SearchEndpoint]) {
        var heap = BinaryHeap()
        for s in sources {
            guard let w = search.weight(Int(s.arc)) else { continue }
            let label = Label(cost: search.partial(w, 1 - s.fraction), link: Self.noArc, fraction: s.fraction)
            if Self.improve(&forward, s.arc, label), search.isRestricted(Int(s.arc)) {
                heap.push(.init(key: label.cost, cost: label.cost, state: s.arc))
            }
        }
        searchOriginStretch(search, heap: &heap)
        for t in targets {
            guard let w = search.weight(Int(t.arc)) else { continue }
            let tail = Int(search.graph.tail(ofArc: Int(t.arc)))
            let targetRestricted = search.isRestricted(Int(t.arc))
            for a in search.graph.incomingArcs(ofNode: tail) {
                let arc = Int(a)
                guard search.weight(arc) != nil, search.turnAllowed(from: arc, to: Int(t.arc), at: tail) else {
                    continue
                }
                let label = Label(
                    cost: search.partial(w, t.fraction) + search.turnCost(from: arc, to: Int(t.arc), at: tail),
                    link: t.arc, nextIsTarget: true, fraction: t.fraction)
                guard search.isRestricted(arc) else {
                    Self.improve(&backward, a, label)
                    continue
                }
                // A destination-only arc before the target: in the destination's stretch only when the target
                // is destination-only too; either way the origin's stretch may end here.
                if targetRestricted { Self.improve(&backward, a, label) }
                if let origin = forward[a] {
                    consider(
                        prefix(to: a) + [a, t.arc], startFraction: startFraction(of: a), endFraction: t.fraction,
                        cost: origin.cost + label.cost)
                }
            }
            for s in sources where s.arc == t.arc && t.fraction >= s.fraction {
                consider(
                    [s.arc], startFraction: s.fraction, endFraction: t.fraction,
                    cost: search.partial(w, t.fraction - s.fraction))
            }
        }
        searchDestinationStretch(search, heap: &heap)
        forwardSeeds = forward.compactMap { arc, label in
            search.isRestricted(Int(arc)) ? nil : HierarchySeed(arc: arc, cost: label.cost)
        }
        backwardSeeds = backward.compactMap { arc, label in
            search.isRestricted(Int(arc)) ? nil : HierarchySeed(arc: arc, cost: label.cost)
        }
    }

    /// The whole leg from the hierarchy's part of it: `arcs` runs from a forward seed's arc to a backward
    /// seed's arc, `cost` includes both seeds.
    func leg(through arcs: [UInt32], cost: Int) -> ArcPath? {
        guard let first = arcs.first, let last = arcs.last, forward[first] != nil, backward[last] != nil else {
            return nil
        }
        var (suffix, endFraction) = ([UInt32](), 1.0)
        var arc = last
        while let label = backward[arc] {
            suffix.append(label.link)
            if label.nextIsTarget {
                endFraction = label.fraction
                break
            }
            arc = label.link
        }
        return ArcPath(
            arcs: prefix(to: first) + arcs + suffix, startFraction: startFraction(of: first), endFraction: endFraction,
            cost: cost)
    }

    /// Dijkstra over the destination-only arcs from the restricted sources; its turns onto open arcs are seeds.
    private mutating func searchOriginStretch(_ search: ShortestPathSearch, heap: inout BinaryHeap) {
        while let entry = heap.pop() {
            let a = entry.state
            guard let label = forward[a], label.cost == entry.cost else { continue }
            let node = Int(search.graph.head(ofArc: Int(a)))
            for b in search.graph.outgoingArcs(ofNode: node) {
                guard let w = search.weight(Int(b)), search.turnAllowed(from: Int(a), to: Int(b), at: node) else {
                    continue
                }
                let next = Label(
                    cost: label.cost + w + search.turnCost(from: Int(a), to: Int(b), at: node), link: a, fraction: 0)
                if Self.improve(&forward, b, next), search.isRestricted(Int(b)) {
                    heap.push(.init(key: next.cost, cost: next.cost, state: b))
                }
            }
        }
    }

    /// Dijkstra backward over the destination-only arcs that lead to the destination; the open arcs that turn
    /// into them are seeds.
    private mutating func searchDestinationStretch(_ search: ShortestPathSearch, heap: inout BinaryHeap) {
        for (arc, label) in backward where search.isRestricted(Int(arc)) {
            heap.push(.init(key: label.cost, cost: label.cost, state: arc))
        }
        while let entry = heap.pop() {
            let b = entry.state
            guard let label = backward[b], label.cost == entry.cost, let w = search.weight(Int(b)) else { continue }
            let node = Int(search.graph.tail(ofArc: Int(b)))
            for a in search.graph.incomingArcs(ofNode: node) {
                guard search.weight(Int(a)) != nil, search.turnAllowed(from: Int(a), to: Int(b), at: node) else {
                    continue
                }
                let next = Label(
                    cost: label.cost + w + search.turnCost(from: Int(a), to: Int(b), at: node), link: b, fraction: 0)
                if Self.improve(&backward, a, next), search.isRestricted(Int(a)) {
                    heap.push(.init(key: next.cost, cost: next.cost, state: a))
                }
            }
        }
    }

    /// Keeps `label` for `arc` when it is cheaper than the one known; returns whether it did.
    @discardableResult
    private static func improve(_ labels: inout [UInt32: Label], _ arc: UInt32, _ label: Label) -> Bool {
        if let known = labels[arc], known.cost <= label.cost { return false }
        labels[arc] = label
        return true
    }

    private mutating func consider(_ arcs: [UInt32], startFraction: Double, endFraction: Double, cost: Int) {
        if let direct, direct.cost <= cost { return }
        direct = ArcPath(arcs: arcs, startFraction: startFraction, endFraction: endFraction, cost: cost)
    }

    /// The arcs of the origin's stretch before `arc`, from the source arc on.
    private func prefix(to arc: UInt32) -> [UInt32] {
        var arcs: [UInt32] = []
        var current = forward[arc]?.link ?? Self.noArc
        while current != Self.noArc {
            arcs.append(current)
            current = forward[current]?.link ?? Self.noArc
        }
        return arcs.reversed()
    }

    private func startFraction(of arc: UInt32) -> Double {
        var current = arc
        while let label = forward[current], label.link != Self.noArc { current = label.link }
        return forward[current]?.fraction ?? 0
    }
}

/// A start of one direction of the hierarchy search: an open arc and the cost already spent at its end.
struct HierarchySeed {
    var arc: UInt32
    var cost: Int
}
