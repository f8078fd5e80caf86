/// Progress reports during a map import.
public struct MapImportProgress: Sendable, Equatable {
    /// The stage of the pipeline.
    public enum Phase: String, Sendable {
        /// Parsing the OSM file.
        case reading
        /// Applying profiles and building the graph.
        case building
        /// Preparing routing: the hierarchy and the metric saved beside the graph (`step` says which part).
        case preparing
        /// The graph is ready.
        case done
    }

    /// The parts of the `preparing` phase, in the order they run.
    public enum PreparationStep: String, Sendable {
        /// Working out each travel mode's connectivity (where trips can start and end) and saving it.
        case travelModes
        /// Ordering the arcs by nested dissection (no count; one report when it starts).
        case ordering
        /// Contracting the arcs in that order (`processed` of `total` arcs).
        case contracting
        /// Writing the hierarchy file.
        case writingHierarchy
        /// Customizing the metric saved with the map.
        case customizing
        /// Writing the metric file.
        case writingMetric
    }

    public var phase: Phase
    /// OSM elements read so far (nodes, ways and relations) in the reading phase; items done otherwise.
    public var processed: Int
    /// How many items the step has in all, when known.
    public var total: Int?
    /// Which part of the `preparing` phase is running (nil in the other phases).
    public var step: PreparationStep?

    public init(phase: Phase, processed: Int, total: Int? = nil, step: PreparationStep? = nil) {
        self.phase = phase
        self.processed = processed
        self.total = total
        self.step = step
    }
}
