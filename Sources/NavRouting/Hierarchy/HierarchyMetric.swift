import Foundation
import NavCore
import NavMap
import Synchronization

/// The weights of a ``ContractionHierarchy`` for one travel mode, avoid set and traffic state: for every
/// hierarchy edge the cheapest travel in each direction and, for shortcuts, the middle vertex to unpack
/// it through.
///
/// Customization first puts each turn's cost (the time to drive the arc turned into plus the turn itself,
/// exactly as the reference search prices them) on its edge, then visits the vertices in rank order and relaxes every
/// lower triangle: travel u→w may go u→v→w through the lower vertex v. Each edge is final once all its
/// lower triangles are done, which rank order guarantees. Turns a mode may not make and arcs it may not
/// use stay infinite, so one topology serves every mode and avoid set.
///
/// The query runs on the ``PrunedQueryGraph`` made from these weights. A metric read back from a file gets
/// it made in the background; until then queries scan the whole hierarchy (exact as well, only slower).
final class HierarchyMetric: Sendable {
    static let infinity = UInt32.max
    static let noMiddle = UInt32.max

    /// Travel from an edge's lower end to its upper end. Empty for a metric read back with its pruned query
    /// graph: the query reads only that, and the file need not carry (nor a start read) both weight arrays.
    let up: [UInt32]
    /// Travel from an edge's upper end to its lower end (empty when `up` is).
    let down: [UInt32]
    let upMiddle: [UInt32]
    let downMiddle: [UInt32]

    private let pruned = Mutex<PrunedQueryGraph?>(nil)

    /// The arcs the query needs, nil while they are being found for a metric read back from a file.
    var queryGraph: PrunedQueryGraph? { pruned.withLock { $0 } }

    /// A metric read back from a ``HierarchyMetricFile``; its query graph is made in the background, or
    /// taken as given when the file holds it (then `up` and `down` may be empty).
    init(
        up: [UInt32], down: [UInt32], upMiddle: [UInt32], downMiddle: [UInt32], hierarchy: ContractionHierarchy,
        queryGraph: PrunedQueryGraph? = nil
    ) {
        self.up = up
        self.down = down
        self.upMiddle = upMiddle
        self.downMiddle = downMiddle
        if let queryGraph {
            pruned.withLock { $0 = queryGraph }
        } else {
            DispatchQueue.global(qos: .utility).async { [self] in
                let made = PrunedQueryGraph(hierarchy: hierarchy, up: up, down: down)
                pruned.withLock { $0 = made }
            }
        }
    }

    /// - Parameter search: the reference search whose arc prices and turn rules the metric takes.
    init(hierarchy: ContractionHierarchy, search: ShortestPathSearch) {
        let m = hierarchy.edgeCount
        var up = [UInt32](repeating: Self.infinity, count: m)
        var down = [UInt32](repeating: Self.infinity, count: m)
        let arcCount = hierarchy.vertexCount
        var arcCost = [UInt32](repeating: Self.infinity, count: arcCount)
        for arc in 0..<arcCount {
            // Destination-only arcs stay infinite: ``LegEnds`` searches them around the waypoints.
            if let w = search.weight(arc), !search.isRestricted(arc) {
                arcCost[arc] = UInt32(min(w, Int(Self.infinity - 1)))
            }
        }
        for a in 0..<arcCount where arcCost[a] != Self.infinity {
            let node = Int(search.graph.head(ofArc: a))
            for k in Int(hierarchy.turnOffsets[a])..<Int(hierarchy.turnOffsets[a + 1]) {
                let b = Int(hierarchy.turnArcs[k])
                let slot = hierarchy.turnSlots[k]
                guard arcCost[b] != Self.infinity, slot != UInt32.max, search.turnAllowed(from: a, to: b, at: node)
                else { continue }
                let cost = UInt32(min(Int(arcCost[b]) + search.turnCost(from: a, to: b, at: node), Int(Self.infinity - 1)))
                let edge = Int(slot >> 1)
                if slot & 1 == 0 {
                    up[edge] = min(up[edge], cost)
                } else {
                    down[edge] = min(down[edge], cost)
                }
            }
        }
        var upMiddle = [UInt32](repeating: Self.noMiddle, count: m)
        var downMiddle = [UInt32](repeating: Self.noMiddle, count: m)
        TriangleSweep(hierarchy: hierarchy).run(up: &up, down: &down, upMiddle: &upMiddle, downMiddle: &downMiddle)
        self.up = up
        self.down = down
        self.upMiddle = upMiddle
        self.downMiddle = downMiddle
        let made = PrunedQueryGraph(hierarchy: hierarchy, up: up, down: down)
        pruned.withLock { $0 = made }
    }
}
