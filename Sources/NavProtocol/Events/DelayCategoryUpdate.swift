/// `nav.delay_category.v1`: the traffic delay category to the next destination changed
/// (`didUpdateDelayCategory`).
public struct DelayCategoryUpdate: Codable, Sendable, Equatable {
    /// The category by name.
    public var category: DelayCategory
    /// The same category by the SDK's number (0 noData, 1 heavy, 2 medium, 3 light).
    public var categoryNumber: Int

    /// Creates the payload, deriving `categoryNumber` from `category` so the two always agree.
    public init(category: DelayCategory) {
        self.category = category
        self.categoryNumber = category.number
    }
}

/// How much traffic delays the drive to the next destination.
public enum DelayCategory: String, Codable, Sendable, CaseIterable {
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

    /// The category with the SDK's number, `nil` outside 0…3.
    public init?(number: Int) {
        guard let match = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = match
    }
}
