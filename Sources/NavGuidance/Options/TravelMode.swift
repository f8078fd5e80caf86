/// How the vehicle moves, which decides how off-route positions are snapped.
public enum TravelMode: String, Hashable, Codable, Sendable, CaseIterable {
    case driving
    case cycling
    case walking
    case twoWheeler
    case taxi

    /// Whether positions off the route are always shown on the nearest road. Walkers and cyclists may be
    /// on paths the map lacks, so they keep their raw position unless a road is close.
    public var alwaysSnapsToRoads: Bool {
        switch self {
        case .driving, .twoWheeler, .taxi: true
        case .cycling, .walking: false
        }
    }
}
