import Foundation
import Synchronization
public import NavCore
public import NavMap

/// The prepare stage between import and serving: builds the contraction hierarchy for a graph and saves
/// it beside the `.navgraph`, and loads a map with its saved hierarchy so that a router is ready at once.
public enum MapPreparation {
    /// Maps up to this many arcs also get landmark tables (for alternatives and the ALT search): at a
    /// million nodes they would cost half a minute at every start.
    public static let landmarkArcLimit = 500_000

    /// The travel mode whose metric is saved with the map: the mode a request gets when it names none.
    public static let savedMetricMode = RoutingOptions().travelMode

    /// The metric is saved with the map while it takes at most this many bytes (16 per hierarchy edge): its
    /// customization holds it in memory beside the graph and the hierarchy, and a navigator holds it too. Above
    /// it (tens of millions of nodes with today's hierarchy) no metric is saved and the first request of each
    /// kind customizes, as for traffic.
    public static let savedMetricByteLimit = 4 << 30

    /// What ``prepare(_:graphPath:progress:)`` wrote.
    public struct Prepared: Sendable {
        public var hierarchy: ContractionHierarchy
        /// Whether a metric was saved (see ``savedMetricByteLimit``).
        public var savedMetric: Bool
    }

    /// Works out every travel mode's connectivity and the turn costs and saves them beside the `.navgraph`
    /// (``ModeNetworkFile``),
    /// builds the hierarchy for `graph`, writes it to the sidecar of `graphPath`, then customizes it for
    /// ``savedMetricMode`` (no avoid flags, no traffic) and writes that metric beside it. The files are
    /// streamed out, so the preparation holds no second copy of what it writes.
    /// - Parameter progress: ``MapImportProgress`` in the `preparing` phase, one report as each
    ///   ``MapImportProgress/PreparationStep`` starts and arc counts while contracting.
    /// - Throws: ``MapError`` (`ioFailure`) when a sidecar cannot be written.
    @discardableResult
    public static func prepare(
        _ graph: RoadGraph, graphPath: String, progress: ((MapImportProgress) -> Void)? = nil
    ) throws -> Prepared {
        func report(_ step: MapImportProgress.PreparationStep, _ processed: Int = 0, of total: Int? = nil) {
            progress?(MapImportProgress(phase: .preparing, processed: processed, total: total, step: step))
        }
        report(.travelModes)
        let (connectivity, turns) = travelModes(of: graph)
        try ModeNetworkFile.write(
            connectivity, turns: turns, of: graph, to: ModeNetworkFile.sidecarPath(forGraph: graphPath))
        report(.ordering)
        let hierarchy = ContractionHierarchy(graph: graph) { contracted in
            report(.contracting, contracted, of: graph.arcCount)
        }
        report(.writingHierarchy, of: hierarchy.edgeCount)
        try HierarchyFile.write(hierarchy, to: HierarchyFile.sidecarPath(forGraph: graphPath))
        let metricPath = HierarchyMetricFile.sidecarPath(forGraph: graphPath)
        // A stale metric from an earlier import must not stay beside a new hierarchy (it would be refused, but
        // it would also be read at every start).
        try? FileManager.default.removeItem(atPath: metricPath)
        guard hierarchy.edgeCount <= savedMetricByteLimit / 16 else {
            return Prepared(hierarchy: hierarchy, savedMetric: false)
        }
        report(.customizing, of: hierarchy.edgeCount)
        let networks = RouterNetworks(
            graph: graph, modes: [savedMetricMode], landmarkCount: 0, preparation: .upFront,
            connectivity: Dictionary(uniqueKeysWithValues: connectivity.map { ($0.mode, $0) }), turns: turns)
        let router = Router(graph: graph, places: PlacesCatalogue(), hierarchy: .prepared(hierarchy), networks: networks)
        guard let saved = router.defaultMetric(for: savedMetricMode) else {
            // The map has no roads for the mode.
            return Prepared(hierarchy: hierarchy, savedMetric: false)
        }
        report(.writingMetric, of: hierarchy.edgeCount)
        try HierarchyMetricFile.write(saved, to: metricPath)
        return Prepared(hierarchy: hierarchy, savedMetric: true)
    }

    /// The connectivity of every mode the graph has roads for, and the turn costs, shared out over the cores.
    private static func travelModes(of graph: RoadGraph) -> (connectivity: [ModeConnectivity], turns: TurnCosts) {
        let modes = TravelMode.allCases.filter { graph.supports($0) }
        let worked = Mutex<(connectivity: [TravelMode: ModeConnectivity], turns: TurnCosts?)>(([:], nil))
        DispatchQueue.concurrentPerform(iterations: modes.count + 1) { index in
            guard index < modes.count else {
                let turns = TurnCosts(graph: graph)
                worked.withLock { $0.turns = turns }
                return
            }
            let connectivity = ModeConnectivity(graph: graph, mode: modes[index])
            worked.withLock { $0.connectivity[modes[index]] = connectivity }
        }
        let (all, turns) = worked.withLock { ($0.connectivity, $0.turns) }
        return (modes.compactMap { all[$0] }, turns ?? TurnCosts(graph: graph))
    }

    /// Maps with more arcs than this prepare their travel modes and landmark tables after the router is
    /// returned (``RouterPreparation/inBackground(first:)``), the default mode first; smaller maps, where that
    /// takes a fraction of a second, prepare everything up front.
    public static let backgroundPreparationArcLimit = 50_000

    /// Loads the map at `path` and a router over it: with the saved hierarchy when the sidecar is there
    /// and belongs to this graph (otherwise with one built now), with the saved metric when it belongs
    /// to that hierarchy (otherwise the first request of each kind customizes), and with the travel modes'
    /// connectivity and the turn costs saved beside them (``ModeNetworkFile``; otherwise worked out now).
    ///
    /// The graph and the hierarchy's sidecars are read at the same time, each file checked against its checksum
    /// before anything in it is used. With background preparation (``RouterPreparation/inBackground(first:)``,
    /// large maps) the router is returned as soon as the graph is in, and the hierarchy and its metric join it
    /// when they are read and checked (or, without sidecars for this graph, built); until then the automatic
    /// search is the reference search, so the first requests are answered exactly, only slower. A damaged,
    /// missing or foreign sidecar never changes an answer: it is refused and its contents are worked out anew.
    /// - Parameter preparation: nil decides by the map's size (``backgroundPreparationArcLimit``).
    /// - Throws: ``MapError`` from loading the map itself.
    public static func router(
        forMapAt path: String, places: PlacesCatalogue = PlacesCatalogue(), preparation: RouterPreparation? = nil
    ) throws -> Router {
        let sidecars = SidecarRead(graphPath: path)
        let graph = try MapLoader.load(path: path)
        let fingerprint = ContractionHierarchy.fingerprint(of: graph)
        let preparation = preparation ?? defaultPreparation(for: graph)
        // The travel modes are prepared from the graph alone: started now, they run while the sidecars are still
        // being read.
        let saved =
            (try? ModeNetworkFile.read(
                path: ModeNetworkFile.sidecarPath(forGraph: path), for: graph, fingerprint: fingerprint))
            ?? ModeNetworkFile.Saved()
        let networks = RouterNetworks(
            graph: graph, modes: TravelMode.allCases, landmarkCount: landmarks(for: graph), preparation: preparation,
            connectivity: saved.connectivity, turns: saved.turns)
        guard case .inBackground = preparation else {
            return Router(
                graph: graph, places: places, hierarchy: sidecars.source(waiting: true, fingerprint: fingerprint),
                networks: networks)
        }
        let router = Router(graph: graph, places: places, hierarchy: .none, networks: networks, hierarchyArrives: true)
        sidecars.whenRead {
            router.attach(sidecars.source(waiting: false, fingerprint: fingerprint), fingerprint: fingerprint)
        }
        return router
    }

    private static func landmarks(for graph: RoadGraph) -> Int { graph.arcCount <= landmarkArcLimit ? 12 : 0 }

    private static func defaultPreparation(for graph: RoadGraph) -> RouterPreparation {
        graph.arcCount > backgroundPreparationArcLimit ? .inBackground(first: savedMetricMode) : .upFront
    }

    /// The hierarchy and its saved metric, read and checked on a thread of their own from the moment a map's
    /// loading starts.
    private final class SidecarRead: Sendable {
        private let read = Mutex<(hierarchy: ContractionHierarchy, saved: HierarchyMetricFile.Saved?)?>(nil)
        private let done = DispatchGroup()

        init(graphPath: String) {
            done.enter()
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                defer { done.leave() }
                // Both files at once (each checked against its checksum); the metric is checked against the
                // hierarchy once both are in.
                let files = Mutex<(hierarchy: ContractionHierarchy?, metric: HierarchyMetricFile.Unchecked?)>((nil, nil))
                DispatchQueue.concurrentPerform(iterations: 2) { file in
                    if file == 0 {
                        let hierarchy = try? HierarchyFile.read(path: HierarchyFile.sidecarPath(forGraph: graphPath))
                        files.withLock { $0.hierarchy = hierarchy }
                    } else {
                        let metric = try? HierarchyMetricFile.read(
                            path: HierarchyMetricFile.sidecarPath(forGraph: graphPath))
                        files.withLock { $0.metric = metric }
                    }
                }
                let (hierarchy, metric) = files.withLock { ($0.hierarchy, $0.metric) }
                guard let hierarchy else { return }
                let saved = try? metric?.checked(for: hierarchy)
                read.withLock { $0 = (hierarchy, saved) }
            }
        }

        /// Runs `body` on a background thread once the sidecars are read (or could not be).
        func whenRead(_ body: @escaping @Sendable () -> Void) {
            done.notify(queue: .global(qos: .userInitiated), execute: body)
        }

        /// What the router is to take: the sidecars when read and made for the graph with `fingerprint`, else a
        /// hierarchy built now.
        /// - Parameter waiting: wait for the reading to end first.
        func source(waiting: Bool, fingerprint: UInt64) -> HierarchySource {
            if waiting { done.wait() }
            guard let read = read.withLock({ $0 }), read.hierarchy.graphFingerprint == fingerprint else { return .build }
            return read.saved.map { .preparedWithMetric(read.hierarchy, $0) } ?? .prepared(read.hierarchy)
        }
    }
}
