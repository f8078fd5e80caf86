/// A route to one or more destinations, one leg per destination.
public struct GuidanceRoute: Hashable, Codable, Sendable {
    /// The legs in driving order; leg `i` ends at destination `i`.
    public var legs: [GuidanceLeg]

    /// Creates a route from its legs.
    public init(legs: [GuidanceLeg]) {
        self.legs = legs
    }
}
