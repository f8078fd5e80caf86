/// Progress reports during a map import.
public struct MapImportProgress: Sendable, Equatable {
    /// The stage of the pipeline.
    public enum Phase: String, Sendable {
        /// Parsing the OSM file.
        case reading
        /// Applying profiles and building the graph.
        case building
        /// Preparing routing: contracting the hierarchy saved beside the graph (`processed`: arcs done).
        case preparing
        /// The graph is ready.
        case done
    }

    public var phase: Phase
    /// OSM elements read so far (nodes, ways and relations) in the reading phase; items done otherwise.
    public var processed: Int

    public init(phase: Phase, processed: Int) {
        self.phase = phase
        self.processed = processed
    }
}
