/// Snaps positions to the road network when the vehicle is not on its route.
///
/// The engine stays free of maps; the adapter backs this with the map's spatial index.
public protocol RoadNetworkMatcher: Sendable {
    /// Finds the road a position most likely lies on.
    /// - Parameters:
    ///   - latitude: Latitude of the raw position in degrees.
    ///   - longitude: Longitude of the raw position in degrees.
    ///   - heading: Direction of travel in degrees, when known, to prefer roads running that way.
    /// - Returns: The match, or `nil` when no road is near enough.
    func match(latitude: Double, longitude: Double, heading: Double?) -> RoadMatch?
}
