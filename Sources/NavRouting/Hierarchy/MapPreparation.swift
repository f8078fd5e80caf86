import Foundation
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

    /// Builds the hierarchy for `graph`, writes it to the sidecar of `graphPath`, then customizes it for
    /// ``savedMetricMode`` (no avoid flags, no traffic) and writes that metric beside it.
    /// - Parameter progress: ``MapImportProgress`` in the `preparing` phase: arcs contracted, then once
    ///   more the arc count when the metric is customized.
    /// - Throws: ``MapError`` (`ioFailure`) when a sidecar cannot be written.
    @discardableResult
    public static func prepare(
        _ graph: RoadGraph, graphPath: String, progress: ((MapImportProgress) -> Void)? = nil
    ) throws -> ContractionHierarchy {
        let hierarchy = ContractionHierarchy(graph: graph) { contracted in
            progress?(MapImportProgress(phase: .preparing, processed: contracted))
        }
        try HierarchyFile.write(hierarchy, to: HierarchyFile.sidecarPath(forGraph: graphPath))
        let metricPath = HierarchyMetricFile.sidecarPath(forGraph: graphPath)
        let router = Router(graph: graph, modes: [savedMetricMode], landmarkCount: 0, hierarchy: .prepared(hierarchy))
        if let saved = router.defaultMetric(for: savedMetricMode) {
            try HierarchyMetricFile.write(saved, to: metricPath)
            progress?(MapImportProgress(phase: .preparing, processed: graph.arcCount))
        } else {
            // The map has no roads for the mode: a stale metric from an earlier import must not stay.
            try? FileManager.default.removeItem(atPath: metricPath)
        }
        return hierarchy
    }

    /// Loads the map at `path` and a router over it: with the saved hierarchy when the sidecar is there
    /// and belongs to this graph (otherwise with one built now), and with the saved metric when it belongs
    /// to that hierarchy (otherwise the first request of each kind customizes).
    /// - Throws: ``MapError`` from loading the map itself.
    public static func router(forMapAt path: String, places: PlacesCatalogue = PlacesCatalogue()) throws -> Router {
        let graph = try MapLoader.load(path: path)
        let landmarks = graph.arcCount <= landmarkArcLimit ? 12 : 0
        guard let hierarchy = try? HierarchyFile.read(path: HierarchyFile.sidecarPath(forGraph: path), for: graph)
        else {
            return Router(graph: graph, places: places, landmarkCount: landmarks, hierarchy: .build)
        }
        let metricPath = HierarchyMetricFile.sidecarPath(forGraph: path)
        guard let saved = try? HierarchyMetricFile.read(path: metricPath, for: hierarchy) else {
            return Router(graph: graph, places: places, landmarkCount: landmarks, hierarchy: .prepared(hierarchy))
        }
        return Router(
            graph: graph, places: places, landmarkCount: landmarks, hierarchy: .preparedWithMetric(hierarchy, saved))
    }
}
