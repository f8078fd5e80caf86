import NavProtocol
import Testing

@testable import NavSources

@Suite("NMEA dates: only from the receiver, never from a clock in replay")
struct NMEADateTests {
    func replay(_ lines: [String]) throws -> (fixes: [GPSFix], counters: SourceCounters.Snapshot) {
        try NMEALogReplay.replay(lines.map { NMEAWriter.frame($0) }.joined())
    }

    @Test("GGA fixes before the first RMC wait for its date and are dated backwards across midnight")
    func waitsForRMCDate() throws {
        let (fixes, counters) = try replay([
            "GPGGA,235958,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,",
            "GPGGA,235959,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,",
            "GPGGA,000000,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,",
            "GPRMC,000001,A,6010.0,N,02456.0,E,1.0,90.0,010127,,,A",
            "GPGGA,000002,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,",
        ])
        #expect(
            fixes.map(\.timestamp.rfc3339) == [
                "2026-12-31T23:59:58.000Z", "2026-12-31T23:59:59.000Z", "2027-01-01T00:00:00.000Z",
                "2027-01-01T00:00:01.000Z", "2027-01-01T00:00:02.000Z",
            ])
        #expect(counters.fixes == 5 && counters.skippedByReason[NMEAFileReplay.fixWithoutDate] == nil)
    }

    @Test("a ZDA dates the GGA fixes around it, from any talker")
    func zdaDates() throws {
        let (fixes, _) = try replay([
            "GNGGA,120000.00,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,",
            "GNZDA,120000.00,29,02,2028,00,00",
            "GNGGA,120001.00,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,",
        ])
        #expect(fixes.map(\.timestamp.rfc3339) == ["2028-02-29T12:00:00.000Z", "2028-02-29T12:00:01.000Z"])
    }

    @Test("a log that never states a date delivers no fix and counts every one it dropped")
    func undatedLogIsCounted() throws {
        let (fixes, counters) = try replay([
            "GPGGA,101500,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,",
            "GPGLL,6010.0,N,02456.0,E,101501,A,A",
            "GPRMC,101502,V,,,,,,,291126,,,N",
            "GPZDA,101503,00,00,0000,,",
        ])
        #expect(fixes.isEmpty)
        #expect(counters.skippedByReason[NMEAFileReplay.fixWithoutDate] == 2)
        #expect(counters.malformed == 0, "a ZDA without a date yet is not malformed")
    }

    @Test("restamped to the present, a log that never states a date plays with its own spacing")
    func restampedUndatedLog() throws {
        let log = ["GPGGA,235959,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,", "GPGGA,000001,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,"]
        let (fixes, counters) = try NMEALogReplay.replay(log.map { NMEAWriter.frame($0) }.joined(), restamp: true)
        #expect(fixes.map(\.timestamp) == [NMEALogReplay.wallClock, NMEALogReplay.wallClock.adding(seconds: 2)])
        #expect(counters.skippedByReason[NMEAFileReplay.fixWithoutDate] == nil)
    }

    @Test("an RMC with status V does not date fixes: its date may be an unsynchronised receiver's guess")
    func invalidRMCDateIsIgnored() throws {
        let (fixes, counters) = try replay([
            "GPGGA,000452,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,",
            "GPRMC,000453,V,,,,,,,060180,,,N",
            "GPRMC,000454,A,6010.0,N,02456.0,E,1.0,90.0,020326,,,A",
        ])
        #expect(fixes.map(\.timestamp.rfc3339) == ["2026-03-02T00:04:52.000Z", "2026-03-02T00:04:54.000Z"])
        #expect(counters.skippedByReason[NMEAFileReplay.fixWithoutDate] == nil)
    }

    @Test("fixes waiting for a date are bounded: the oldest are dropped and counted")
    func waitingIsBounded() throws {
        var assembler = NMEAFixAssembler()
        assembler.maximumFixesAwaitingDate = 2
        let parser = NMEAParser()
        var fixes = [GPSFix]()
        for second in 10...14 {
            let line = NMEAWriter.frame("GPGGA,1200\(second),6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,")
            fixes += assembler.add(try parser.parse(line))
        }
        #expect(fixes.isEmpty && assembler.fixesAwaitingDate == 2 && assembler.fixesWithoutDate == 3)
        fixes += assembler.add(try parser.parse(NMEAWriter.frame("GPZDA,120015,01,12,2026,,")))
        #expect(fixes.map(\.timestamp.rfc3339) == ["2026-12-01T12:00:13.000Z", "2026-12-01T12:00:14.000Z"])
        fixes += assembler.finish()
        #expect(fixes.count == 2 && assembler.fixesWithoutDate == 3)
    }

    @Test("GNS from any talker gives position, altitude and HDOP; no constellation with a fix, or a status V, gives none")
    func gnsFixes() throws {
        let (fixes, _) = try replay([
            "GNRMC,083000.00,V,,,,,,,150326,,,N",
            "GNGNS,083000.00,,,,,NNNN,00,,,0.0,,0000",
            "GNZDA,083000.00,15,03,2026,00,00",
            "GBGNS,083001.00,6010.5000,N,02456.2500,E,NNA,08,1.2,15.5,17.9,,,S",
            "GNGNS,083002.00,6010.5000,N,02456.2500,E,AAA,08,1.2,15.5,17.9,,,V",
        ])
        try #require(fixes.count == 1)
        #expect(fixes[0].timestamp.rfc3339 == "2026-03-15T08:30:01.000Z")
        #expect(abs(fixes[0].latitude - (60 + 10.5 / 60)) < 1e-12 && abs(fixes[0].longitude - (24 + 56.25 / 60)) < 1e-12)
        #expect(fixes[0].altitude == 15.5 && fixes[0].satellites == 8 && abs(fixes[0].horizontalAccuracy! - 6) < 1e-9)
    }
}
