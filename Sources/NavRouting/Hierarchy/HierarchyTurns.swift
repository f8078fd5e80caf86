import Foundation
import NavMap
import Synchronization

/// The turns a customization puts on hierarchy edges for one travel mode and avoid set, with everything about
/// them that traffic does not change: which turns the mode may make (restrictions, U-turns, arcs it may use,
/// destination-only arcs), the edge and direction each lands on, and the turn's own cost. A customization then
/// adds only the arc turned into's price under its traffic, in one pass over three flat arrays; deciding the
/// turns again took a city-wide traffic update at 1M nodes several seconds.
struct HierarchyTurns: Sendable {
    /// Per turn: the hierarchy edge slot it lands on (``ContractionHierarchy/turnSlots``: edge << 1, low bit set
    /// for the down direction).
    let slots: [UInt32]
    /// Per turn: the arc turned into, whose price the customization adds.
    let arcs: [UInt32]
    /// Per turn: the cost of the turn itself (``ShortestPathSearch/turnCost(from:to:at:)``).
    let costs: [UInt32]

    /// - Parameter search: the reference search of the mode and avoid set; its traffic factors play no part.
    init(hierarchy: ContractionHierarchy, search: ShortestPathSearch) {
        let arcCount = hierarchy.vertexCount
        // Usable does not depend on traffic: factors are clamped above zero, so only the mode's access and the
        // forbidden flags make an arc unusable. Destination-only arcs stay out: ``LegEnds`` searches them.
        let usable = (0..<arcCount).map { search.weight($0) != nil && !search.isRestricted($0) }
        var slots: [UInt32] = []
        var arcs: [UInt32] = []
        var costs: [UInt32] = []
        for a in 0..<arcCount where usable[a] {
            let node = Int(search.graph.head(ofArc: a))
            for k in Int(hierarchy.turnOffsets[a])..<Int(hierarchy.turnOffsets[a + 1]) {
                let b = Int(hierarchy.turnArcs[k])
                let slot = hierarchy.turnSlots[k]
                guard usable[b], slot != UInt32.max, search.turnAllowed(from: a, to: b, at: node) else { continue }
                slots.append(slot)
                arcs.append(UInt32(b))
                costs.append(UInt32(min(search.turnCost(from: a, to: b, at: node), Int(HierarchyMetric.infinity - 1))))
            }
        }
        // By slot, so that a customization writes the edges' weights in order instead of all over them.
        let order = slots.indices.sorted { slots[$0] < slots[$1] }
        self.slots = order.map { slots[$0] }
        self.arcs = order.map { arcs[$0] }
        self.costs = order.map { costs[$0] }
    }
}

/// The ``HierarchyTurns`` of the travel modes and avoid sets customized last (two at most: about 12 bytes per
/// turn each), so that a traffic update re-derives none of them.
final class HierarchyTurnsCache: Sendable {
    static let capacity = 2

    private let kept = Mutex<[(key: MetricCache.Key, turns: HierarchyTurns)]>([])

    func turns(for key: MetricCache.Key, make: () -> HierarchyTurns) -> HierarchyTurns {
        if let found = kept.withLock({ kept in kept.first { $0.key == key }?.turns }) { return found }
        let made = make()
        kept.withLock { kept in
            kept.removeAll { $0.key == key }
            kept.insert((key, made), at: 0)
            if kept.count > Self.capacity { kept.removeLast() }
        }
        return made
    }
}
