/// How many alternative routes a route request returns beside the best one.
public enum AlternateRoutesStrategy: String, Hashable, Codable, Sendable, CaseIterable {
    /// Only the best route. (Not named `none`, which Swift would confuse with `Optional.none`.)
    case noAlternates = "none"
    /// The best route and at most one alternative.
    case one
    /// The best route and every reasonable alternative found.
    case all
}
