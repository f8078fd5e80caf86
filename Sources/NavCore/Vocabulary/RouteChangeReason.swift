/// Why a route changed.
public enum RouteChangeReason: String, Hashable, Codable, Sendable, CaseIterable {
    /// `navigator.setDestinations` set a new trip.
    case newDestinations
    /// The vehicle left the route and the navigator rerouted.
    case offRoute
    /// A faster route was found (for example after new traffic conditions).
    case fasterRoute
    /// `navigator.continueToNextDestination` moved on to the next leg.
    case nextDestination
    /// `navigator.clearDestinations` removed the route.
    case cleared
}
