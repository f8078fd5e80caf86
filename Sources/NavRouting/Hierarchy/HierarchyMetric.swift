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
    let up: ReadOnlyArray<UInt32>
    /// Travel from an edge's upper end to its lower end (empty when `up` is).
    let down: ReadOnlyArray<UInt32>
    let upMiddle: ReadOnlyArray<UInt32>
    let downMiddle: ReadOnlyArray<UInt32>

    private let pruned = Mutex<PrunedQueryGraph?>(nil)
    /// Where the arrays go once the metric is retired, and where its pruning takes its working copies from.
    private let buffers: CustomizationBuffers?

    /// The arcs the query needs, nil while they are being found for a metric read back from a file.
    var queryGraph: PrunedQueryGraph? { pruned.withLock { $0 } }

    /// A metric read back from a ``HierarchyMetricFile``; its query graph is made in the background, or
    /// taken as given when the file holds it (then `up` and `down` may be empty).
    init(
        up: ReadOnlyArray<UInt32>, down: ReadOnlyArray<UInt32>, upMiddle: ReadOnlyArray<UInt32>,
        downMiddle: ReadOnlyArray<UInt32>, hierarchy: ContractionHierarchy, queryGraph: PrunedQueryGraph? = nil
    ) {
        self.up = up
        self.down = down
        self.upMiddle = upMiddle
        self.downMiddle = downMiddle
        buffers = nil
        if let queryGraph {
            pruned.withLock { $0 = queryGraph }
        } else {
            pruneInBackground(hierarchy)
        }
    }

    /// When a customization's pruned query graph is made.
    enum Pruning: Sendable {
        /// Before the metric is returned (a metric to save with the map needs it).
        case now
        /// In the background, so that the metric answers queries as soon as its weights are final: a traffic
        /// update on a large map is applied after the basic sweep, and the pruned graph (a second sweep, as
        /// costly as the first) speeds the queries up once it is there.
        case inBackground
    }

    /// A customization for `search`'s mode, avoid set and traffic, its turns worked out on the way.
    convenience init(hierarchy: ContractionHierarchy, search: ShortestPathSearch) {
        self.init(hierarchy: hierarchy, search: search, turns: HierarchyTurns(hierarchy: hierarchy, search: search))
    }

    /// - Parameters:
    ///   - search: the reference search whose arc prices (traffic included) the metric takes.
    ///   - turns: the turns of the search's mode and avoid set on the hierarchy's edges.
    ///   - pruning: when the pruned query graph is made.
    ///   - buffers: where the arrays come from and go back to once the metric is retired (a router's traffic
    ///     updates); nil for arrays of its own.
    init(
        hierarchy: ContractionHierarchy, search: ShortestPathSearch, turns: HierarchyTurns, pruning: Pruning = .now,
        buffers: CustomizationBuffers? = nil
    ) {
        let m = hierarchy.edgeCount
        func array(_ value: UInt32) -> [UInt32] {
            buffers?.take(count: m, filledWith: value) ?? [UInt32](repeating: value, count: m)
        }
        var up = array(Self.infinity)
        var down = array(Self.infinity)
        let arcCost = (0..<hierarchy.vertexCount).map { arc in
            search.weight(arc).map { UInt32(min($0, Int(Self.infinity - 1))) } ?? Self.infinity
        }
        turns.slots.withUnsafeBufferPointer { slots in
            turns.arcs.withUnsafeBufferPointer { arcs in
                turns.costs.withUnsafeBufferPointer { costs in
                    for k in 0..<slots.count {
                        // Both parts are below infinity, so the sum fits in 64 bits and is capped below it.
                        let sum = UInt64(arcCost[Int(arcs[k])]) + UInt64(costs[k])
                        let cost = UInt32(min(sum, UInt64(Self.infinity - 1)))
                        let edge = Int(slots[k] >> 1)
                        if slots[k] & 1 == 0 {
                            up[edge] = min(up[edge], cost)
                        } else {
                            down[edge] = min(down[edge], cost)
                        }
                    }
                }
            }
        }
        var upMiddle = array(Self.noMiddle)
        var downMiddle = array(Self.noMiddle)
        TriangleSweep(hierarchy: hierarchy).run(up: &up, down: &down, upMiddle: &upMiddle, downMiddle: &downMiddle)
        self.up = ReadOnlyArray(up)
        self.down = ReadOnlyArray(down)
        self.upMiddle = ReadOnlyArray(upMiddle)
        self.downMiddle = ReadOnlyArray(downMiddle)
        self.buffers = buffers
        switch pruning {
        case .now:
            let made = PrunedQueryGraph(hierarchy: hierarchy, up: self.up, down: self.down, buffers: buffers)
            pruned.withLock { $0 = made }
        case .inBackground:
            pruneInBackground(hierarchy)
        }
    }

    /// Makes the pruned query graph on another thread; queries scan the whole hierarchy until it is there.
    private func pruneInBackground(_ hierarchy: ContractionHierarchy) {
        DispatchQueue.global(qos: .utility).async { [self] in
            let made = PrunedQueryGraph(hierarchy: hierarchy, up: up, down: down, buffers: buffers)
            pruned.withLock { $0 = made }
        }
    }

    deinit {
        // The last user is done: the next customization of this hierarchy writes into these arrays.
        guard let buffers else { return }
        for array in [up, down, upMiddle, downMiddle] {
            if let owned = array.ownedElements { buffers.give(owned) }
        }
    }
}
