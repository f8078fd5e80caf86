/// A found path: the arcs in order, where it starts on the first and ends on the last, and its cost.
struct ArcPath: Sendable, Equatable {
    var arcs: [UInt32]
    /// Fraction along the first arc (in its own direction) where the path starts.
    var startFraction: Double
    /// Fraction along the last arc where the path ends.
    var endFraction: Double
    /// Search cost in milliseconds (penalties included).
    var cost: Int
}

/// One way onto or off the network at a snapped waypoint.
struct SearchEndpoint {
    var arc: UInt32
    /// Fraction along the arc's direction.
    var fraction: Double
}
