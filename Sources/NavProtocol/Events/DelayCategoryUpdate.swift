public import NavCore

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
