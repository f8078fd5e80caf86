/// How many alternative routes to return besides the fastest.
public enum AlternateRoutesStrategy: String, Sendable, Codable, CaseIterable {
    case none
    /// At most one alternative.
    case one
    /// Up to two alternatives.
    case all
}
