#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An instant in UTC, carried on the wire as an RFC 3339 string with millisecond precision
/// (`2026-11-29T18:17:27.123Z`).
///
/// Foundation's ISO 8601 formatters are slow on Linux and allocate; the bus formats and parses
/// timestamps on every message, so this type does the calendar arithmetic itself.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Double

    public init(secondsSince1970: Double) {
        self.secondsSince1970 = secondsSince1970
    }

    /// The current wall-clock time.
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(secondsSince1970: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    /// Returns the instant `seconds` later.
    public func adding(seconds: Double) -> Timestamp {
        Timestamp(secondsSince1970: secondsSince1970 + seconds)
    }

    /// Seconds from `other` to `self`.
    public func seconds(since other: Timestamp) -> Double {
        secondsSince1970 - other.secondsSince1970
    }

    /// RFC 3339 in UTC with milliseconds.
    public var description: String { rfc3339 }

    public var rfc3339: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendRFC3339(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the RFC 3339 text to `bytes` without building a `String` (the bus encoder's fast path).
    public func appendRFC3339(to bytes: inout [UInt8]) {
        var milliseconds = Int64((secondsSince1970 * 1000).rounded())
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        milliseconds -= days * 86_400_000
        let (year, month, day) = Self.civil(fromDays: days)
        func put(_ value: Int64, width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(truncatingIfNeeded: 48 + rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        put(year, width: 4)
        bytes.append(45)
        put(month, width: 2)
        bytes.append(45)
        put(day, width: 2)
        bytes.append(84)
        put(milliseconds / 3_600_000, width: 2)
        bytes.append(58)
        put((milliseconds / 60_000) % 60, width: 2)
        bytes.append(58)
        put((milliseconds / 1000) % 60, width: 2)
        bytes.append(46)
        put(milliseconds % 1000, width: 3)
        bytes.append(90)
    }

    /// Parses an RFC 3339 date-time (`YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`); `nil` when malformed.
    public init?(rfc3339 text: String) {
        var utf8 = Array(text.utf8)
        guard utf8.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let byte = utf8[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        if utf8[10] == 116 { utf8[10] = 84 }  // lower-case 't' is allowed
        guard utf8[4] == 45, utf8[7] == 45, utf8[10] == 84, utf8[13] == 58, utf8[16] == 58,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if utf8[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < utf8.count, utf8[index] >= 48, utf8[index] <= 57 {
                fraction += Double(utf8[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < utf8.count else { return nil }
        var offsetSeconds: Int64 = 0
        switch utf8[index] {
        case 90, 122:  // Z or z
            guard index + 1 == utf8.count else { return nil }
        case 43, 45:  // + or -
            guard index + 6 == utf8.count, utf8[index + 3] == 58,
                let offsetHours = number(index + 1..<index + 3), let offsetMinutes = number(index + 4..<index + 6)
            else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (utf8[index] == 45 ? -1 : 1)
        default:
            return nil
        }
        let days = Self.days(fromCivilYear: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        self.secondsSince1970 = Double(seconds) + fraction
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = Timestamp(rfc3339: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an RFC 3339 date-time, got \"\(text)\"")
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rfc3339)
    }

    // Howard Hinnant's days-from-civil algorithms (proleptic Gregorian calendar).
    static func days(fromCivilYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
