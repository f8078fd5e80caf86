public import NavCore
import NavMap

/// A whole trip: one leg per pair of consecutive waypoints.
public struct Route: Sendable, Equatable {
    public var legs: [RouteLeg]

    public init(legs: [RouteLeg]) {
        self.legs = legs
    }

    public var distanceMeters: Double { legs.reduce(0) { $0 + $1.distanceMeters } }
    public var durationSeconds: Double { legs.reduce(0) { $0 + $1.durationSeconds } }
    public var cost: Int { legs.reduce(0) { $0 + $1.cost } }
    /// All legs' coordinates joined (shared leg ends appear once).
    public var coordinates: [Coordinate] {
        var result: [Coordinate] = []
        for leg in legs {
            result.append(contentsOf: result.isEmpty ? leg.coordinates[...] : leg.coordinates.dropFirst())
        }
        return result
    }
    public var steps: [RouteStep] { legs.flatMap(\.steps) }
    /// The kinds of road the request asked to avoid that the route still uses, on any leg (``Avoidance``).
    public var violatedAvoids: [AvoidableRoad] {
        AvoidableRoad.allCases.filter { road in legs.contains { $0.violatedAvoids.contains(road) } }
    }
}
