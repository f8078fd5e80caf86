/// The search technique; every choice returns routes of the same (optimal) cost.
public enum RoutingAlgorithm: String, Sendable, CaseIterable {
    /// Bidirectional A* with landmark bounds (ALT) when the bounds are valid, else bidirectional Dijkstra.
    case automatic
    /// Bidirectional Dijkstra without any heuristic.
    case bidirectionalDijkstra
    /// Plain one-directional Dijkstra: the reference the others are checked against.
    case dijkstra
}
