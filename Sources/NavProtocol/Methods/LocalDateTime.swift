public import NavCore

/// A local date and time on the wire, as Valhalla's `date_time` writes it: `2026-12-05T12:00` (seconds allowed),
/// without a zone because it is the time at the map. A string that is not one is refused when decoded.
public struct LocalDateTime: Codable, Sendable, Equatable {
    public let text: String
    /// The moment of the week it falls on.
    public let weekTime: WeekTime

    public init?(_ text: String) {
        guard let weekTime = WeekTime(localDateTime: text) else { return nil }
        self.text = text
        self.weekTime = weekTime
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = LocalDateTime(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a local date and time like 2026-12-05T12:00"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
