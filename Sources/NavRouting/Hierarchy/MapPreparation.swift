import NavCore
public import NavMap

/// The prepare stage between import and serving: builds the contraction hierarchy for a graph and saves
/// it beside the `.navgraph`, and loads a map with its saved hierarchy so that a router is ready at once.
public enum MapPreparation {
    /// Maps up to this many arcs also get landmark tables (for alternatives and the ALT search): at a
    /// million nodes they would cost half a minute at every start.
    public static let landmarkArcLimit = 500_000

    /// Builds the hierarchy for `graph` and writes it to the sidecar of `graphPath`.
    /// - Parameter progress: ``MapImportProgress`` in the `preparing` phase (arcs contracted).
    /// - Throws: ``MapError`` (`ioFailure`) when the sidecar cannot be written.
    @discardableResult
    public static func prepare(
        _ graph: RoadGraph, graphPath: String, progress: ((MapImportProgress) -> Void)? = nil
    ) throws -> ContractionHierarchy {
        let hierarchy = ContractionHierarchy(graph: graph) { contracted in
            progress?(MapImportProgress(phase: .preparing, processed: contracted))
        }
        try HierarchyFile.write(hierarchy, to: HierarchyFile.sidecarPath(forGraph: graphPath))
        return hierarchy
    }

    /// Loads the map at `path` and a router over it: with the saved hierarchy when the sidecar is there
    /// and belongs to this graph, otherwise with one built now.
    /// - Throws: ``MapError`` from loading the map itself.
    public static func router(forMapAt path: String, places: PlacesCatalogue = PlacesCatalogue()) throws -> Router {
        let graph = try MapLoader.load(path: path)
        let sidecar = HierarchyFile.sidecarPath(forGraph: path)
        let saved = try? HierarchyFile.read(path: sidecar, for: graph)
        return Router(
            graph: graph, places: places, landmarkCount: graph.arcCount <= landmarkArcLimit ? 12 : 0,
            hierarchy: saved.map { .prepared($0) } ?? .build)
    }
}
