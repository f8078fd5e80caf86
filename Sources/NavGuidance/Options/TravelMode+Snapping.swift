public import NavCore

extension TravelMode {
    /// Whether positions off the route are always shown on the nearest road. Walkers and cyclists may be
    /// on paths the map lacks, so they keep their raw position unless a road is close.
    public var alwaysSnapsToRoads: Bool {
        switch self {
        case .driving, .twoWheeler, .taxi: true
        case .cycling, .walking: false
        }
    }
}
