/// `nav.remaining_distance.v1`: the distance to the next destination changed by at least the
/// navigator's `distanceUpdateThreshold` (`didUpdateRemainingDistance`).
public struct RemainingDistance: Codable, Sendable, Equatable {
    /// Metres along the route to the next destination.
    public var meters: Double

    public init(meters: Double) {
        self.meters = meters
    }
}
