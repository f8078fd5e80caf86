import NavCore
import NavProtocol
import Testing

@testable import NavSources

@Suite("NMEA decoding, epoch assembly and writing")
struct NMEADecoderTests {
    let epoch = [
        "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47",
        "$GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1*39",
        "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A",
        "$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48",
    ]

    @Test("RMC, GGA and VTG of one epoch make one fix with altitude, satellites and HDOP accuracy")
    func assemblesEpoch() {
        let (fixes, statistics) = NMEADecoder.fixes(in: epoch.joined(separator: "\r\n") + "\r\n")
        #expect(fixes.count == 1)
        let fix = fixes[0]
        #expect(fix.source == "nmea")
        #expect(fix.timestamp == Timestamp(rfc3339: "1994-03-23T12:35:19Z"))
        #expect(abs(fix.latitude - (48 + 7.038 / 60)) < 1e-12)
        #expect(fix.altitude == 545.4 && fix.satellites == 8)
        #expect(abs(fix.horizontalAccuracy! - 4.5) < 1e-12)
        #expect(abs(fix.speed! - 22.4 * 0.514444) < 1e-9, "RMC speed wins over VTG")
        #expect(fix.course == 84.4)
        #expect(statistics.acceptedSentences == 3 && statistics.rejected == [.unsupportedSentence: 1] && statistics.malformed == 0)
    }

    @Test("after the first epoch, a complete burst yields its fix without waiting for the next one")
    func emitsOnCompleteEpoch() {
        var decoder = NMEADecoder()
        #expect(decoder.decode((epoch.joined(separator: "\n") + "\n").utf8).isEmpty)
        let next = [
            NMEAWriter.frame("GPGGA,123520,4807.040,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
            NMEAWriter.frame("GPRMC,123520,A,4807.040,N,01131.000,E,022.4,084.4,230394,003.1,W"),
            NMEAWriter.frame("GPVTG,054.7,T,034.4,M,005.5,N,010.2,K"),
        ]
        #expect(decoder.decode(next[0].utf8).count == 1, "the new time closes the first epoch")
        #expect(decoder.decode(next[1].utf8).isEmpty)
        let fixes = decoder.decode(next[2].utf8)
        #expect(fixes.count == 1 && fixes[0].timestamp == Timestamp(rfc3339: "1994-03-23T12:35:20Z"))
    }

    @Test("LF, CR and CRLF endings and byte-by-byte chunks give the same fixes")
    func lineEndings() {
        let expected = NMEADecoder.fixes(in: epoch.joined(separator: "\r\n")).fixes
        #expect(expected.count == 1)
        for separator in ["\n", "\r", "\r\n", "\n\n"] {
            #expect(NMEADecoder.fixes(in: epoch.joined(separator: separator)).fixes == expected)
        }
        var decoder = NMEADecoder()
        var fixes = [GPSFix]()
        for byte in epoch.joined(separator: "\r\n").utf8 { fixes += decoder.decode([byte]) }
        fixes += decoder.finish()
        #expect(fixes == expected)
    }

    @Test("garbage bytes, bad checksums and truncated lines are counted by reason and skipped")
    func garbage() {
        var generator = SeededGenerator(seed: 3)
        var noise = [UInt8]()
        for _ in 0..<4000 { noise.append(UInt8(truncatingIfNeeded: generator.next())) }
        let bad = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6B\n$GPRMC,123519,A,48\n"
        var decoder = NMEADecoder()
        var fixes = decoder.decode(noise)
        fixes += decoder.decode("\n".utf8)
        fixes += decoder.decode(bad.utf8)
        fixes += decoder.decode((epoch.joined(separator: "\n") + "\n").utf8)
        fixes += decoder.finish()
        #expect(fixes.count == 1)
        #expect(decoder.statistics.rejected[.badChecksum, default: 0] >= 1)
        #expect(decoder.statistics.rejected[.missingChecksum, default: 0] >= 1)
        #expect(decoder.statistics.malformed >= 2)
    }

    @Test("an over-long line is dropped and the stream recovers")
    func longLine() {
        let text = String(repeating: "A", count: 5000) + "\n" + epoch.joined(separator: "\n")
        let (fixes, statistics) = NMEADecoder.fixes(in: text)
        #expect(fixes.count == 1 && statistics.rejected[.lineTooLong] == 1)
    }

    @Test("no fix without a valid position: RMC status V, GGA quality 0")
    func invalidFixes() {
        let lines = [
            NMEAWriter.frame("GPRMC,120000,V,6010.0,N,02456.0,E,,,291126,,,N"),
            NMEAWriter.frame("GPGGA,120001,6010.0,N,02456.0,E,0,00,,,M,,M,,"),
            NMEAWriter.frame("GPRMC,120001,A,6010.0,N,02456.0,E,,,291126,,,A"),
        ]
        let (fixes, _) = NMEADecoder.fixes(in: lines.joined())
        #expect(fixes.isEmpty)
    }

    @Test("GGA after midnight rolls the RMC date over to the next day, also across a year")
    func dateRollover() {
        let lines = [
            NMEAWriter.frame("GPRMC,235959.50,A,6010.0,N,02456.0,E,1.0,90.0,311226,,,A"),
            NMEAWriter.frame("GPGGA,235959.50,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,"),
            NMEAWriter.frame("GPGGA,000000.50,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,"),
            NMEAWriter.frame("GPGGA,000001.50,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,"),
        ]
        let (fixes, _) = NMEADecoder.fixes(in: lines.joined())
        #expect(fixes.map(\.timestamp.rfc3339) == ["2026-12-31T23:59:59.500Z", "2027-01-01T00:00:00.500Z", "2027-01-01T00:00:01.500Z"])
    }

    @Test("GGA-only streams take the date from the fallback clock, nearest to the time of day")
    func dateFallback() {
        let line = NMEAWriter.frame("GNGGA,235958,6010.0,N,02456.0,E,1,07,1.0,10.0,M,,M,,")
        let undated = NMEADecoder.fixes(in: line)
        #expect(undated.fixes.isEmpty && undated.statistics.fixesWithoutDate == 1, "no date and no clock: no fix, counted")
        let clock: @Sendable () -> Timestamp = { Timestamp(rfc3339: "2026-11-30T00:00:03Z")! }
        var decoder = NMEADecoder(assembler: NMEAFixAssembler(dateFallback: clock))
        let fixes = decoder.decode(line.utf8) + decoder.finish()
        #expect(fixes.map(\.timestamp.rfc3339) == ["2026-11-29T23:59:58.000Z"])
    }

    @Test("writing fixes and parsing them back keeps positions within 1e-6° and the other fields")
    func writerRoundTrip() throws {
        var options = SimulationOptions()
        options.jitterMeters = 4
        var simulator = RouteSimulator(options: options, startTime: Timestamp(rfc3339: "2026-12-31T23:58:30.25Z")!, seed: 9)
        simulator.simulateLocationsAlong(
            try SimulatedRoute(legs: [
                .init(
                    coordinates: [.init(latitude: -33.85, longitude: -151.2), .init(latitude: -33.86, longitude: -151.19)],
                    defaultSpeed: 15)
            ]))
        var written = [GPSFix]()
        for index in 0..<120 {
            var fix = simulator.step()!
            fix.altitude = index.isMultiple(of: 2) ? 12.5 : nil
            fix.satellites = 9
            written.append(fix)
        }
        let log = NMEAWriter().log(for: written)
        #expect(log.split(separator: "\r\n").allSatisfy { (try? NMEAParser().parse($0)) != nil })
        let (read, statistics) = NMEADecoder.fixes(in: log)
        #expect(statistics.malformed == 0)
        try #require(read.count == written.count)
        for (original, parsed) in zip(written, read) {
            #expect(abs(original.latitude - parsed.latitude) < 1e-6 && abs(original.longitude - parsed.longitude) < 1e-6)
            #expect(abs(original.timestamp.seconds(since: parsed.timestamp)) < 0.006)
            #expect(abs(original.speed! - parsed.speed!) < 0.001)
            #expect(abs(original.horizontalAccuracy! - parsed.horizontalAccuracy!) < 0.03)
            #expect(original.altitude == parsed.altitude && parsed.satellites == 9)
            if let course = original.course { #expect(abs(course - parsed.course!) < 0.006) }
        }
    }
}
