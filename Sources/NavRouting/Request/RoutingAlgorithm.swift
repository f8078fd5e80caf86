/// The search technique; every choice returns routes of the same (optimal) cost.
public enum RoutingAlgorithm: String, Sendable, CaseIterable {
    /// The customizable contraction hierarchy when the router has one, else as ``landmarks``.
    case automatic
    /// Bidirectional A* with landmark bounds (ALT) when the bounds are valid, else bidirectional Dijkstra.
    case landmarks
    /// Bidirectional Dijkstra without any heuristic.
    case bidirectionalDijkstra
    /// Plain one-directional Dijkstra: the reference the others are checked against.
    case dijkstra
}
