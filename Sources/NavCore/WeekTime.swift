public import Foundation

/// A moment of the week in the map's local time: what a time-windowed rule is judged by.
public struct WeekTime: Sendable, Hashable {
    /// 0 Monday … 6 Sunday.
    public var weekday: Int
    /// Minutes since local midnight, 0..<1440.
    public var minute: Int

    public init(weekday: Int, minute: Int) {
        self.weekday = ((weekday % 7) + 7) % 7
        self.minute = min(1439, max(0, minute))
    }

    /// The local time of `date` in `timeZone`.
    public init(_ date: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        // Calendar numbers Sunday 1 … Saturday 7.
        self.init(weekday: (parts.weekday ?? 2) + 5, minute: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
    }

    /// A local date and time as Valhalla's `date_time` writes it, `2026-12-05T12:00` (seconds allowed, no zone:
    /// the time at the map); nil when it is not one.
    public init?(localDateTime text: String) {
        let fields = text.split(whereSeparator: { "-T:".contains($0) }).map { Int($0) }
        guard (5...6).contains(fields.count), text.count == 16 || text.count == 19, fields.allSatisfy({ $0 != nil })
        else { return nil }
        var parts = DateComponents()
        (parts.year, parts.month, parts.day, parts.hour, parts.minute) = (fields[0], fields[1], fields[2], fields[3], fields[4])
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        guard calendar.date(from: parts).map({ calendar.dateComponents([.month, .day], from: $0) })
            .map({ $0.month == parts.month && $0.day == parts.day }) == true,
            (0..<24).contains(parts.hour ?? -1), (0..<60).contains(parts.minute ?? -1),
            let date = calendar.date(from: parts)
        else { return nil }
        self.init(date, timeZone: utc)
    }
}
