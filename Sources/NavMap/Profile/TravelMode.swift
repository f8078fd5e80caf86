/// How the traveller moves; each mode has its own access rules, one-way handling and speeds.
public enum TravelMode: String, CaseIterable, Sendable, Codable {
    case driving
    case taxi
    case twoWheeler
    case cycling
    case walking

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

    /// Whether the mode is a motor vehicle (shares the car speeds, one-way rules and turn restrictions).
    public var isMotorized: Bool {
        switch self {
        case .driving, .taxi, .twoWheeler: true
        case .cycling, .walking: false
        }
    }
}
