/// Current traffic on one leg of the active route, as speed factors per segment.
public struct TrafficUpdate: Hashable, Codable, Sendable {
    /// Index of the leg in the active route the factors describe.
    public var legIndex: Int
    /// For each segment of the leg, traffic speed divided by free-flow speed (1 is free flow, 0.5 half
    /// speed), or `nil` where no traffic information covers the segment. Missing trailing entries count
    /// as `nil`; factors are clamped to 0.05...2 so a bad feed cannot make times infinite.
    public var speedFactors: [Double?]

    /// Creates a traffic update for one leg.
    public init(legIndex: Int, speedFactors: [Double?]) {
        self.legIndex = legIndex
        self.speedFactors = speedFactors
    }
}
