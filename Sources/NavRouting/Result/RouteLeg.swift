public import NavCore
import NavMap

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
    /// The side of the road the destination lies on, seen in the direction of travel on the last arc; nil
    /// when it lies on the road itself (within a metre).
    public var destinationSide: StreetSide?
    /// The kinds of road the request asked to avoid that this leg still uses.
    public var violatedAvoids: [AvoidableRoad] = []

    public init(
        origin: ResolvedWaypoint, destination: ResolvedWaypoint, coordinates: [Coordinate], cumulativeDistances: [Double],
        segmentSpeeds: [Double], segmentSpeedLimits: [Double?], segmentRoadNames: [String], segmentWayIDs: [Int64],
        segmentDurations: [Double], steps: [RouteStep], distanceMeters: Double, durationSeconds: Double, cost: Int,
        arcs: [Int], destinationSide: StreetSide? = nil
    ) {
        self.origin = origin
        self.destination = destination
        self.coordinates = coordinates
        self.cumulativeDistances = cumulativeDistances
        self.segmentSpeeds = segmentSpeeds
        self.segmentSpeedLimits = segmentSpeedLimits
        self.segmentRoadNames = segmentRoadNames
        self.segmentWayIDs = segmentWayIDs
        self.segmentDurations = segmentDurations
        self.steps = steps
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.cost = cost
        self.arcs = arcs
        self.destinationSide = destinationSide
    }
}
