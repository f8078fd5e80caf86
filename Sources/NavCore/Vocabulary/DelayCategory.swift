/// How much traffic delays the drive to the next destination.
public enum DelayCategory: String, Hashable, Codable, Sendable, CaseIterable {
    /// No traffic information for the route.
    case noData
    /// Heavy delay.
    case heavy
    /// Medium delay.
    case medium
    /// Light or no delay.
    case light

    /// The SDK's number for the category: 0 noData, 1 heavy, 2 medium, 3 light.
    public var number: Int {
        switch self {
        case .noData: 0
        case .heavy: 1
        case .medium: 2
        case .light: 3
        }
    }

    /// Traffic-to-free-flow time ratio below which delay is light.
    public static let lightRatioLimit = 1.1
    /// Traffic-to-free-flow time ratio below which delay is medium.
    public static let mediumRatioLimit = 1.4

    /// The category for a ratio of traffic-aware to free-flow time: below 1.1 light, below 1.4 medium, else
    /// heavy. Segments without traffic information count at free-flow speed.
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

    /// The category with the SDK's number, `nil` outside 0…3.
    public init?(number: Int) {
        guard let match = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = match
    }
}
