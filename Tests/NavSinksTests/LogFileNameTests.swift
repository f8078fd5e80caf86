import NavProtocol
import Testing

@testable import NavSinks

@Suite struct LogFileNameTests {
    /// 2026-11-29T12:00:00Z.
    let noon = Timestamp(rfc3339: "2026-11-29T12:00:00Z")!

    @Test func namesCarryTheUTCDayAndAThreeDigitIndex() {
        #expect(LogFileName(day: UTCDay(noon), index: 1).description == "navbus-2026-11-29-001.jsonl")
        #expect(LogFileName(day: UTCDay(noon), index: 42).description == "navbus-2026-11-29-042.jsonl")
        #expect(LogFileName(day: UTCDay(noon), index: 1234).description == "navbus-2026-11-29-1234.jsonl")
    }

    @Test func theDayIsTheUTCDayEvenNearMidnight() {
        let lastMillisecond = Timestamp(rfc3339: "2026-11-29T23:59:59.999Z")!
        let nextDay = Timestamp(rfc3339: "2026-11-30T00:00:00Z")!
        let inHelsinki = Timestamp(rfc3339: "2026-11-30T01:30:00+02:00")!
        #expect(UTCDay(lastMillisecond).description == "2026-11-29")
        #expect(UTCDay(nextDay).description == "2026-11-30")
        #expect(UTCDay(inHelsinki).description == "2026-11-29")
    }

    @Test(arguments: ["navbus-2026-11-29-001.jsonl", "navbus-2026-01-01-999.jsonl", "navbus-2024-02-29-1000.jsonl"])
    func parsingReadsBackWhatIsWritten(_ name: String) throws {
        let parsed = try #require(LogFileName(parsing: name))
        #expect(parsed.description == name)
    }

    @Test(arguments: [
        "navbus-2026-11-29-001.json", "other-2026-11-29-001.jsonl", "navbus-2026-11-29.jsonl",
        "navbus-2026-02-30-001.jsonl", "navbus-2026-11-29-000.jsonl", "navbus-2026-11-29-abc.jsonl", "notes.txt",
    ])
    func foreignFilesAreNotMistakenForLogs(_ name: String) {
        #expect(LogFileName(parsing: name) == nil)
    }

    @Test func namesSortInTheOrderTheyWereWritten() {
        let day = UTCDay(noon)
        let names = [
            LogFileName(day: UTCDay(daysSince1970: day.daysSince1970 + 1), index: 1),
            LogFileName(day: day, index: 2), LogFileName(day: day, index: 1),
        ]
        #expect(names.sorted().map(\.description) == [
            "navbus-2026-11-29-001.jsonl", "navbus-2026-11-29-002.jsonl", "navbus-2026-11-30-001.jsonl",
        ])
    }
}
