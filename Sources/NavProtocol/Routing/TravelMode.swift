/// How the vehicle travels; selects the routing profile.
public enum TravelMode: String, Codable, Sendable, CaseIterable {
    /// A car, on roads open to motor vehicles.
    case driving
    /// A bicycle: cycleways and roads that allow bicycles.
    case cycling
    /// On foot: footways, paths and roads that allow pedestrians.
    case walking
    /// A motorcycle or scooter, on roads open to motor vehicles.
    case twoWheeler
    /// A taxi: routed like `driving` except where the map grants taxis their own access.
    case taxi
}
