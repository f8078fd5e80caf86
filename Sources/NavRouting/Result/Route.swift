public import NavMap

/// What the driver is told to do at a step.
public enum Maneuver: String, Sendable, Codable, CaseIterable {
    case depart, arrive
    case `continue`
    case turnLeft, turnRight, slightLeft, slightRight, sharpLeft, sharpRight, uTurn
    case merge, onRamp, offRamp, forkLeft, forkRight
    case roundabout, ferry
}

/// One instruction of turn-by-turn guidance and the stretch of road it covers.
public struct RouteStep: Sendable, Equatable {
    public var maneuver: Maneuver
    /// For ``Maneuver/roundabout``: which exit to take (1 is the first).
    public var roundaboutExit: Int?
    /// The road the step follows after the maneuver.
    public var roadName: String
    /// English instruction, e.g. "Turn left onto Mannerheimintie".
    public var instruction: String
    public var distanceMeters: Double
    public var durationSeconds: Double
    /// Indices into the leg's `coordinates` this step covers (maneuver point first).
    public var coordinateRange: ClosedRange<Int>
    /// Where the maneuver happens.
    public var location: Coordinate
}

/// The route between two consecutive waypoints, with per-segment data for guidance (segment `i` runs
/// from `coordinates[i]` to `coordinates[i + 1]`).
public struct RouteLeg: Sendable, Equatable {
    public var origin: ResolvedWaypoint
    public var destination: ResolvedWaypoint
    public var coordinates: [Coordinate]
    /// Distance from the leg start to each coordinate, in metres.
    public var cumulativeDistances: [Double]
    /// Free-flow speed per segment in m/s (without traffic).
    public var segmentSpeeds: [Double]
    /// Legal limit per segment in m/s, nil when unknown.
    public var segmentSpeedLimits: [Double?]
    public var segmentRoadNames: [String]
    /// OSM way id per segment (the key of traffic speed factors).
    public var segmentWayIDs: [Int64]
    /// Expected travel time per segment in seconds, traffic included.
    public var segmentDurations: [Double]
    public var steps: [RouteStep]
    public var distanceMeters: Double
    /// Expected travel time in seconds, traffic included.
    public var durationSeconds: Double
    /// The search cost in milliseconds (includes avoidance penalties); equal costs mean equally good routes.
    public var cost: Int
    /// The graph arcs driven, in order.
    public var arcs: [Int]
}

/// A whole trip: one leg per pair of consecutive waypoints.
public struct Route: Sendable, Equatable {
    public var legs: [RouteLeg]

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
}

/// The answer to a ``RouteRequest``.
public struct RouteResult: Sendable, Equatable {
    public var status: RouteStatus
    /// A sentence for people, e.g. why a waypoint could not be used.
    public var message: String
    /// The fastest route first, then alternatives; empty unless `status` is ``RouteStatus/ok``.
    public var routes: [Route]

    public init(status: RouteStatus, message: String, routes: [Route] = []) {
        self.status = status
        self.message = message
        self.routes = routes
    }
}
