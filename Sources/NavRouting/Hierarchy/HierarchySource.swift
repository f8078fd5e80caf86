/// Where a ``Router`` gets its contraction hierarchy from.
public enum HierarchySource: Sendable {
    /// Order and contract the graph now (seconds for a city, minutes for a region).
    case build
    /// One prepared earlier for the same graph, e.g. read with ``HierarchyFile``; ignored when it was made
    /// for another graph.
    case prepared(ContractionHierarchy)
    /// One prepared earlier with the metric saved for it (``HierarchyMetricFile``): the router answers
    /// requests of that travel mode without avoid flags or traffic at once, without customizing first. A
    /// metric that does not belong to the hierarchy is ignored.
    case preparedWithMetric(ContractionHierarchy, HierarchyMetricFile.Saved)
    /// No hierarchy: the automatic search is the landmark search.
    case none
}
