/// How much traffic slows the way to the next destination, in the SDK's order and numbering:
/// `noData` 0, `heavy` 1, `medium` 2, `light` 3.
///
/// The category compares the traffic-aware time of the remaining leg with its free-flow time:
/// a ratio below 1.1 is light, below 1.4 medium, anything slower heavy. Segments without traffic
/// information count at free-flow speed; when no segment of the remaining leg has any, the category is
/// `noData`.
public enum DelayCategory: Int, Hashable, Codable, Sendable, CaseIterable {
    case noData = 0
    case heavy = 1
    case medium = 2
    case light = 3

    /// Traffic-to-free-flow time ratio below which delay is light.
    public static let lightRatioLimit = 1.1
    /// Traffic-to-free-flow time ratio below which delay is medium.
    public static let mediumRatioLimit = 1.4

    /// The category for a ratio of traffic-aware to free-flow time.
    /// - Parameter ratio: Traffic time divided by free-flow time, or `nil` without traffic information.
    public init(ratio: Double?) {
        guard let ratio else {
            self = .noData
            return
        }
        if ratio < Self.lightRatioLimit {
            self = .light
        } else if ratio < Self.mediumRatioLimit {
            self = .medium
        } else {
            self = .heavy
        }
    }

    /// The name used on the wire, such as `noData`.
    public var name: String {
        switch self {
        case .noData: "noData"
        case .heavy: "heavy"
        case .medium: "medium"
        case .light: "light"
        }
    }
}
