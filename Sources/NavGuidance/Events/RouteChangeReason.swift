/// Why the route changed.
public enum RouteChangeReason: String, Hashable, Codable, Sendable {
    /// New destinations were set.
    case newDestinations
    /// The vehicle left the route and a new one was computed from where it is.
    case offRoute
    /// A faster route was found and taken.
    case fasterRoute
    /// Guidance moved on to the leg after the destination just reached.
    case nextDestination
    /// All destinations were cleared.
    case cleared
}
