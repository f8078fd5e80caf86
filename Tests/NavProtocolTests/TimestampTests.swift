import Foundation
import NavProtocol
import Testing

@Suite("Timestamp: RFC 3339 on the wire")
struct TimestampTests {
    @Test("formats UTC with milliseconds and a Z")
    func formatting() {
        #expect(Timestamp(secondsSince1970: 0).rfc3339 == "1970-01-01T00:00:00.000Z")
        #expect(ProtocolSamples.time.rfc3339 == "2026-11-29T16:05:12.250Z")
        #expect(Timestamp(secondsSince1970: -0.001).rfc3339 == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp(secondsSince1970: 1.0004).rfc3339 == "1970-01-01T00:00:01.000Z")
        #expect(Timestamp(secondsSince1970: 1.0006).rfc3339 == "1970-01-01T00:00:01.001Z")
        #expect(Timestamp(secondsSince1970: 59.9996).rfc3339 == "1970-01-01T00:01:00.000Z")
    }

    @Test(
        "parses offsets, fractions and lower-case separators",
        arguments: [
            "2026-11-29T16:05:12.250Z",
            "2026-11-29T16:05:12.25Z",
            "2026-11-29T16:05:12.250000000Z",
            "2026-11-29t16:05:12.250z",
            "2026-11-29T18:05:12.250+02:00",
            "2026-11-29T10:35:12.250-05:30",
            "2026-11-30T01:05:12.250+09:00",
        ])
    func parsing(text: String) throws {
        let parsed = try #require(Timestamp(rfc3339: text))
        #expect(abs(parsed.seconds(since: ProtocolSamples.time)) < 1e-6)
    }

    @Test("parses a date-time without a fraction and keeps sub-millisecond digits")
    func fractions() throws {
        #expect(Timestamp(rfc3339: "2026-11-29T16:05:12Z")?.secondsSince1970 == 1_795_968_312)
        let fine = try #require(Timestamp(rfc3339: "1970-01-01T00:00:00.123456Z"))
        #expect(abs(fine.secondsSince1970 - 0.123456) < 1e-9)
    }

    @Test(
        "rejects malformed date-times",
        arguments: [
            "", "2026-11-30", "2026-11-29T16:05:12", "2026-11-30 16:05:12Z", "2026-11-29T16:05:12.Z",
            "2026-11-29T16:05:12+0200", "2026-11-29T16:05:12Zjunk", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z",
            "2026-11-32T00:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T16:60:00Z", "2026-11-29T16:05:12+02",
            "26-11-30T16:05:12.250Z", "2026/11/30T16:05:12Z", "2026-11-29T16:05:1xZ", "１２３４-11-30T16:05:12Z",
        ])
    func rejects(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test("leap years follow the Gregorian rules")
    func leapYears() throws {
        let leapDay = try #require(Timestamp(rfc3339: "2024-02-29T12:00:00Z"))
        #expect(leapDay.rfc3339 == "2024-02-29T12:00:00.000Z")
        #expect(leapDay.adding(seconds: 86_400).rfc3339 == "2024-03-01T12:00:00.000Z")
        let year2000 = try #require(Timestamp(rfc3339: "2000-02-28T00:00:00Z"))
        #expect(year2000.adding(seconds: 86_400).rfc3339 == "2000-02-29T00:00:00.000Z")
        let year2100 = try #require(Timestamp(rfc3339: "2100-02-28T00:00:00Z"))
        #expect(year2100.adding(seconds: 86_400).rfc3339 == "2100-03-01T00:00:00.000Z")
        let endOf2024 = try #require(Timestamp(rfc3339: "2024-12-31T23:59:59Z"))
        #expect(endOf2024.seconds(since: try #require(Timestamp(rfc3339: "2024-01-01T00:00:00Z"))) == 366 * 86_400 - 1)
    }

    @Test(
        "formatting and parsing agree across centuries",
        arguments: [-62_135_596_800.0, -1.5, 951_782_400.123, 4_102_444_799.999])
    func roundTrip(seconds: Double) throws {
        let timestamp = Timestamp(secondsSince1970: seconds)
        let parsed = try #require(Timestamp(rfc3339: timestamp.rfc3339))
        #expect(abs(parsed.secondsSince1970 - seconds) < 1e-6)
    }

    @Test("agrees with Foundation's ISO 8601 parser")
    func matchesFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for text in ["2026-11-29T16:05:12.250Z", "1999-12-31T23:59:59.999Z", "2024-02-29T06:30:00.000Z"] {
            let foundation = try #require(formatter.date(from: text))
            let ours = try #require(Timestamp(rfc3339: text))
            #expect(abs(ours.secondsSince1970 - foundation.timeIntervalSince1970) < 1e-6)
            #expect(Timestamp(secondsSince1970: foundation.timeIntervalSince1970).rfc3339 == text)
        }
    }

    @Test("encodes as a JSON string and refuses bad strings")
    func codable() throws {
        let data = try JSONEncoder().encode([ProtocolSamples.time])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-11-29T16:05:12.250Z"]"#)
        #expect(
            try JSONCoding.decode([Timestamp].self, #"["2026-11-29T18:05:12.250+02:00"]"#) == [ProtocolSamples.time])
        #expect(throws: DecodingError.self) { try JSONCoding.decode([Timestamp].self, #"["yesterday"]"#) }
        #expect(throws: DecodingError.self) { try JSONCoding.decode([Timestamp].self, "[1795968312.25]") }
    }

    @Test("orders and measures instants")
    func arithmetic() {
        let later = ProtocolSamples.time.adding(seconds: 2.5)
        #expect(ProtocolSamples.time < later)
        #expect(later.seconds(since: ProtocolSamples.time) == 2.5)
    }
}
