/// `nav.remaining_time.v1`: the expected time to the next destination changed by at least the
/// navigator's `timeUpdateThreshold` (`didUpdateRemainingTime`).
public struct RemainingTime: Codable, Sendable, Equatable {
    /// Expected seconds to the next destination, traffic delay included.
    public var seconds: Double

    public init(seconds: Double) {
        self.seconds = seconds
    }
}
