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

    /// Builds the hierarchy for `graph`, writes it to the sidecar of `graphPath`, then customizes it for
    /// ``savedMetricMode`` (no avoid flags, no traffic) and writes that metric beside it. Both files are
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
        let router = Router(graph: graph, modes: [savedMetricMode], landmarkCount: 0, hierarchy: .prepared(hierarchy))
        guard let saved = router.defaultMetric(for: savedMetricMode) else {
            // The map has no roads for the mode.
            return Prepared(hierarchy: hierarchy, savedMetric: false)
        }
        report(.writingMetric, of: hierarchy.edgeCount)
        try HierarchyMetricFile.write(saved, to: metricPath)
        return Prepared(hierarchy: hierarchy, savedMetric: true)
    }

    /// Maps with more arcs than this prepare their travel modes and landmark tables after the router is
    /// returned (``RouterPreparation/inBackground(first:)``), the default mode first; smaller maps, where that
    /// takes a fraction of a second, prepare everything up front.
    public static let backgroundPreparationArcLimit = 50_000

    /// Loads the map at `path` and a router over it: with the saved hierarchy when the sidecar is there
    /// and belongs to this graph (otherwise with one built now), and with the saved metric when it belongs
    /// to that hierarchy (otherwise the first request of each kind customizes).
    ///
    /// The graph and the sidecars are read at the same time (they only have to match, which is checked
    /// after both are in), each file checked against its checksum before anything in it is used.
    /// - Parameter preparation: nil decides by the map's size (``backgroundPreparationArcLimit``).
    /// - Throws: ``MapError`` from loading the map itself.
    public static func router(
        forMapAt path: String, places: PlacesCatalogue = PlacesCatalogue(), preparation: RouterPreparation? = nil
    ) throws -> Router {
        let loaded = LoadedMap()
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                let graph = Result { try MapLoader.load(path: path) }
                loaded.graph.withLock { $0 = graph }
                // The travel modes are prepared from the graph alone: started now, they run while the sidecars
                // are still being read.
                if case .success(let graph) = graph {
                    let networks = RouterNetworks(
                        graph: graph, modes: TravelMode.allCases, landmarkCount: landmarks(for: graph),
                        preparation: preparation ?? defaultPreparation(for: graph))
                    loaded.networks.withLock { $0 = networks }
                }
            } else if let hierarchy = try? HierarchyFile.read(path: HierarchyFile.sidecarPath(forGraph: path)) {
                let saved = try? HierarchyMetricFile.read(
                    path: HierarchyMetricFile.sidecarPath(forGraph: path), for: hierarchy)
                loaded.sidecars.withLock { $0 = (hierarchy: hierarchy, saved: saved) }
            }
        }
        guard let result = loaded.graph.withLock({ $0 }) else {
            throw MapError(.fileNotFound, path: path, "the map was not read")
        }
        let graph = try result.get()
        let networks =
            loaded.networks.withLock { $0 }
            ?? RouterNetworks(
                graph: graph, modes: TravelMode.allCases, landmarkCount: landmarks(for: graph),
                preparation: preparation ?? defaultPreparation(for: graph))
        guard let sidecars = loaded.sidecars.withLock({ $0 }),
            sidecars.hierarchy.graphFingerprint == ContractionHierarchy.fingerprint(of: graph)
        else {
            return Router(graph: graph, places: places, hierarchy: .build, networks: networks)
        }
        return Router(
            graph: graph, places: places,
            hierarchy: sidecars.saved.map { .preparedWithMetric(sidecars.hierarchy, $0) }
                ?? .prepared(sidecars.hierarchy),
            networks: networks)
    }

    private static func landmarks(for graph: RoadGraph) -> Int { graph.arcCount <= landmarkArcLimit ? 12 : 0 }

    private static func defaultPreparation(for graph: RoadGraph) -> RouterPreparation {
        graph.arcCount > backgroundPreparationArcLimit ? .inBackground(first: savedMetricMode) : .upFront
    }

    /// What the two loading threads hand back.
    private final class LoadedMap: Sendable {
        let graph = Mutex<Result<RoadGraph, any Error>?>(nil)
        let networks = Mutex<RouterNetworks?>(nil)
        let sidecars = Mutex<(hierarchy: ContractionHierarchy, saved: HierarchyMetricFile.Saved?)?>(nil)
    }
}
