public import NavProtocol

/// A calendar day in UTC, the unit by which the logger starts a new file.
public struct UTCDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whole days since 1970-01-01.
    public let daysSince1970: Int64

    public init(daysSince1970: Int64) {
        self.daysSince1970 = daysSince1970
    }

    /// The UTC day that contains `time`.
    public init(_ time: Timestamp) {
        daysSince1970 = Int64((time.secondsSince1970 / 86_400).rounded(.down))
    }

    /// Parses `YYYY-MM-DD`; `nil` when malformed.
    public init?(text: String) {
        guard text.utf8.count == 10, let midday = Timestamp(rfc3339: text + "T12:00:00Z") else { return nil }
        self.init(midday)
        guard description == text else { return nil }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        String(Timestamp(secondsSince1970: Double(daysSince1970) * 86_400).rfc3339.prefix(10))
    }

    public static func < (lhs: UTCDay, rhs: UTCDay) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }
}
