public import NavCore

/// When a time-windowed rule applies, as OSM tags it: weekly spans of days and hours (`day_on`/`day_off` with
/// `hour_on`/`hour_off` on a turn restriction, or the `Mo-Fr 07:00-18:00` condition of a `:conditional` tag).
public struct TimeWindow: Sendable, Hashable {
    /// Some days of the week and a span of their hours; a span ending before it starts runs over midnight into
    /// the next day.
    public struct Span: Sendable, Hashable {
        /// Bit 0 Monday … bit 6 Sunday.
        public var days: UInt8
        /// Minutes since midnight; `end` is exclusive, 0 meaning midnight at the end of the day (so a span with
        /// `start == end` lasts the whole day).
        public var start: UInt16
        public var end: UInt16

        public init(days: UInt8, start: UInt16, end: UInt16) {
            self.days = days
            self.start = start
            self.end = end
        }
    }

    public var spans: [Span]

    public init(spans: [Span]) { self.spans = spans }

    /// Whether the rule applies at `time`.
    public func contains(_ time: WeekTime) -> Bool {
        let today = UInt8(1) << UInt8(time.weekday)
        let yesterday = UInt8(1) << UInt8((time.weekday + 6) % 7)
        let minute = UInt16(time.minute)
        return spans.contains { span in
            if span.start < span.end { return span.days & today != 0 && (span.start..<span.end).contains(minute) }
            // Over midnight (or all day, start == end): the evening belongs to the day, the small hours to the next.
            return (span.days & today != 0 && minute >= span.start) || (span.days & yesterday != 0 && minute < span.end)
        }
    }

    static let dayNames = ["mo", "tu", "we", "th", "fr", "sa", "su"]

    /// The window of a restriction's `day_on`, `day_off`, `hour_on`, `hour_off` tags (a missing day pair means
    /// every day, a missing hour pair the whole day); nil when no such tag is present or one cannot be read.
    public init?(dayOn: String?, dayOff: String?, hourOn: String?, hourOff: String?) {
        guard dayOn != nil || dayOff != nil || hourOn != nil || hourOff != nil else { return nil }
        var days: UInt8 = 0x7F
        if dayOn != nil || dayOff != nil {
            guard let first = Self.day(dayOn ?? dayOff ?? ""), let last = Self.day(dayOff ?? dayOn ?? "") else {
                return nil
            }
            days = Self.days(from: first, through: last)
        }
        guard let start = Self.minute(hourOn ?? "0"), let end = Self.minute(hourOff ?? "24") else { return nil }
        self.init(spans: [Span(days: days, start: start, end: end % 1440)])
    }

    /// The window of an opening-hours condition in the form `:conditional` tags use for times: rules separated by
    /// `;`, each optional days (`Mo-Fr`, `Sa,Su`) and hour spans (`07:00-09:00,16:00-18:00`); nil for anything
    /// else (public holidays, months, conditions that are not times), which the caller must not guess at.
    public init?(condition: String) {
        var spans: [Span] = []
        for rule in condition.lowercased().split(separator: ";") {
            let words = rule.split(separator: " ").map(String.init).filter { !$0.isEmpty }
            guard !words.isEmpty, words.count <= 2 else { return nil }
            var days: UInt8 = 0x7F
            var hours = words[words.count - 1]
            if words.count == 2 || Self.dayList(words[0]) != nil {
                guard let parsed = Self.dayList(words[0]) else { return nil }
                days = parsed
                hours = words.count == 2 ? words[1] : "00:00-24:00"
            }
            for range in hours.split(separator: ",") {
                let ends = range.split(separator: "-")
                guard ends.count == 2, let start = Self.minute(String(ends[0])), let end = Self.minute(String(ends[1]))
                else { return nil }
                spans.append(Span(days: days, start: start, end: end % 1440))
            }
        }
        guard !spans.isEmpty else { return nil }
        self.init(spans: spans)
    }

    static let fullDayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// `Mo` (or `Monday`) as 0 … `Su` as 6.
    private static func day(_ text: String) -> Int? {
        let name = text.lowercased().trimmingCharactersInSpaces()
        return dayNames.firstIndex(of: name) ?? fullDayNames.firstIndex(of: name)
    }

    private static func days(from first: Int, through last: Int) -> UInt8 {
        var mask: UInt8 = 0
        var day = first
        while true {
            mask |= 1 << UInt8(day)
            if day == last { break }
            day = (day + 1) % 7
        }
        return mask
    }

    /// `Mo-Fr`, `Sa,Su`, `Mo-We,Fr`.
    private static func dayList(_ text: String) -> UInt8? {
        var mask: UInt8 = 0
        for part in text.split(separator: ",") {
            let ends = part.split(separator: "-").map(String.init)
            guard (1...2).contains(ends.count), ends.allSatisfy({ $0.count == 2 }), let first = day(ends[0]),
                let last = day(ends[ends.count - 1])
            else { return nil }
            mask |= days(from: first, through: last)
        }
        return mask
    }

    /// `7`, `07:30`, `24:00` as minutes since midnight.
    private static func minute(_ text: String) -> UInt16? {
        let parts = text.trimmingCharactersInSpaces().split(separator: ":")
        guard (1...2).contains(parts.count), let hours = Int(parts[0]), (0...24).contains(hours) else { return nil }
        let minutes = parts.count == 2 ? Int(parts[1]) : 0
        guard let minutes, (0..<60).contains(minutes), hours * 60 + minutes <= 1440 else { return nil }
        return UInt16(hours * 60 + minutes)
    }
}
