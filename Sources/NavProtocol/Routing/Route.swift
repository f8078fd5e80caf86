public import NavCore

/// A complete route through every waypoint of a request, as `router.route` returns it.
public struct Route: Codable, Sendable, Equatable {
    /// Total length in metres.
    public var distanceMeters: Double
    /// Total expected travel time in seconds.
    public var durationSeconds: Double
    /// One leg per waypoint after the origin.
    public var legs: [RouteLeg]
    /// Every instruction of the route, across legs, in travel order.
    public var steps: [RouteStep]
    /// The whole route's geometry.
    public var geometry: LineString
    /// Kinds of road the request asked to avoid that the route still uses (absent when it avoids them all).
    public var violatedAvoids: [AvoidableRoad]?

    public init(
        distanceMeters: Double, durationSeconds: Double, legs: [RouteLeg], steps: [RouteStep], geometry: LineString,
        violatedAvoids: [AvoidableRoad]? = nil
    ) {
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.legs = legs
        self.steps = steps
        self.geometry = geometry
        self.violatedAvoids = violatedAvoids
    }
}
