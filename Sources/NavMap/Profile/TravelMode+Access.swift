public import NavCore

extension TravelMode {
    /// The bit that stands for this mode in a graph arc's access mask.
    public var bit: UInt8 {
        switch self {
        case .driving: 1
        case .taxi: 2
        case .twoWheeler: 4
        case .cycling: 8
        case .walking: 16
        }
    }
}
