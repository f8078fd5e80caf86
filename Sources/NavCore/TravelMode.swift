/// How the traveller moves; each mode has its own access rules, one-way handling, speeds and snapping.
public enum TravelMode: String, CaseIterable, Hashable, Sendable, Codable {
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

    /// Whether the mode is a motor vehicle (shares the car speeds, one-way rules and turn restrictions).
    public var isMotorized: Bool {
        switch self {
        case .driving, .taxi, .twoWheeler: true
        case .cycling, .walking: false
        }
    }
}
