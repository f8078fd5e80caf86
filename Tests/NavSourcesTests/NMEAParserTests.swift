import NavProtocol
import Testing

@testable import NavSources

@Suite("NMEA 0183 parser")
struct NMEAParserTests {
    let parser = NMEAParser()

    @Test("the classic RMC example parses to degrees, m/s and a date")
    func rmc() throws {
        let sentence = try parser.parse("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\r\n")
        guard case .rmc(let rmc) = sentence else { Issue.record("expected RMC, got \(sentence)"); return }
        #expect(rmc.talker == "GP")
        #expect(rmc.isValid)
        #expect(rmc.timeOfDay == (12 * 3600 + 35 * 60 + 19) * 1000)
        #expect(abs(rmc.latitude! - (48 + 7.038 / 60)) < 1e-12)
        #expect(abs(rmc.longitude! - (11 + 31.0 / 60)) < 1e-12)
        #expect(abs(rmc.speed! - 22.4 * 0.514444) < 1e-9)
        #expect(rmc.course == 84.4)
        #expect(rmc.daysSince1970 == Int(Timestamp(rfc3339: "1994-03-23T00:00:00Z")!.secondsSince1970 / 86_400))
    }

    @Test("GGA gives quality, satellites, HDOP and altitude")
    func gga() throws {
        let sentence = try parser.parse("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47")
        guard case .gga(let gga) = sentence else { Issue.record("expected GGA, got \(sentence)"); return }
        #expect(gga.isValid && gga.quality == 1 && gga.satellites == 8 && gga.hdop == 0.9 && gga.altitude == 545.4)
    }

    @Test("VTG in NMEA 2.x and 1.5 layouts, and with only km/h")
    func vtg() throws {
        guard case .vtg(let modern) = try parser.parse("$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48") else {
            Issue.record("expected VTG"); return
        }
        #expect(modern.course == 54.7 && abs(modern.speed! - 5.5 * 0.514444) < 1e-9)
        guard case .vtg(let old) = try parser.parse(NMEAWriter.frame("GPVTG,054.7,034.4,005.5,010.2")) else {
            Issue.record("expected VTG"); return
        }
        #expect(old.course == 54.7 && abs(old.speed! - 5.5 * 0.514444) < 1e-9)
        guard case .vtg(let kmh) = try parser.parse(NMEAWriter.frame("GNVTG,,T,,M,,N,36.0,K,A")) else {
            Issue.record("expected VTG"); return
        }
        #expect(kmh.course == nil && abs(kmh.speed! - 10) < 1e-9 && kmh.mode == "A")
    }

    @Test("GLL in the western hemisphere")
    func gll() throws {
        guard case .gll(let gll) = try parser.parse("$GPGLL,4916.45,N,12311.12,W,225444,A,*1D") else {
            Issue.record("expected GLL"); return
        }
        #expect(abs(gll.latitude! - (49 + 16.45 / 60)) < 1e-12)
        #expect(abs(gll.longitude! + (123 + 11.12 / 60)) < 1e-12)
        #expect(gll.timeOfDay == (22 * 3600 + 54 * 60 + 44) * 1000 && gll.isValid)
    }

    @Test("southern and western hemispheres are negative")
    func southWest() throws {
        guard case .rmc(let rmc) = try parser.parse(NMEAWriter.frame("GPRMC,010203.25,A,3351.5000,S,15112.7500,W,0.0,,010126,,,A"))
        else { Issue.record("expected RMC"); return }
        #expect(abs(rmc.latitude! + (33 + 51.5 / 60)) < 1e-12)
        #expect(abs(rmc.longitude! + (151 + 12.75 / 60)) < 1e-12)
        #expect(rmc.timeOfDay == 3_723_250)
    }

    @Test("any talker is accepted", arguments: ["GP", "GN", "GL", "GA", "GB", "BD", "GQ", "QZ", "IN"])
    func talkers(talker: String) throws {
        let sentence = try parser.parse(NMEAWriter.frame("\(talker)RMC,120000,A,6010.0000,N,02456.0000,E,10.0,90.0,291126,,,A"))
        #expect(sentence.talker == talker)
    }

    @Test("a wrong checksum is rejected, either hex case is accepted")
    func checksums() throws {
        #expect(throws: NMEAError(.badChecksum, "checksum 6B does not match computed 6A")) {
            try parser.parse("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6B")
        }
        #expect(throws: NMEAError.self) { try parser.parse("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6") }
        _ = try parser.parse("$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48")
        _ = try parser.parse("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6a")
    }

    @Test("sentences without a checksum are rejected unless allowed; truncated lines never parse")
    func missingChecksum() throws {
        let bare = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"
        #expect(errorCode(bare) == .missingChecksum)
        _ = try NMEAParser(acceptsMissingChecksum: true).parse(bare)
        let truncated = "$GPRMC,123519,A,4807.0"
        #expect(errorCode(truncated) == .missingChecksum)
        #expect(errorCode(truncated, parser: NMEAParser(acceptsMissingChecksum: true)) == .tooFewFields)
        #expect(errorCode(NMEAWriter.frame("GPGGA,123519,4807.038,N")) == .tooFewFields)
    }

    @Test(
        "malformed input is classified",
        arguments: [
            ("no dollar at all", NMEAError.Code.noSentenceStart),
            (NMEAWriter.frame("GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1"), .unsupportedSentence),
            (NMEAWriter.frame("PGRME,15.0,M,45.0,M,25.0,M"), .unsupportedSentence),
            (NMEAWriter.frame("GPRMC,123519,A,48x7.038,N,01131.000,E,022.4,084.4,230394,003.1,W"), .malformedField),
            (NMEAWriter.frame("GPRMC,123519,A,4807.038,Q,01131.000,E,022.4,084.4,230394,003.1,W"), .malformedField),
            (NMEAWriter.frame("GPRMC,126519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"), .malformedField),
            (NMEAWriter.frame("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,310294,003.1,W"), .malformedField),
            (NMEAWriter.frame("GPGGA,123519,4807.038,N,01131.000,E,one,08,0.9,545.4,M,46.9,M,,"), .malformedField),
            (NMEAWriter.frame("GPRMC,123519,X,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"), .malformedField),
            ("$GPRMC,12\u{7}3519,A*00", .invalidCharacters),
            (NMEAWriter.frame("GPRMC,123519,A,4807.038,N,01131.000,E,-22.4,084.4,230394,003.1,W"), .malformedField),
            (NMEAWriter.frame("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,-84.4,230394,003.1,W"), .malformedField),
            (NMEAWriter.frame("GPVTG,360.5,T,034.4,M,005.5,N,010.2,K"), .malformedField),
            (NMEAWriter.frame("GPGGA,123519,4807.038,N,01131.000,E,1,08,-0.9,545.4,M,46.9,M,,"), .malformedField),
            (NMEAWriter.frame("GPZDA,120000.00,30,02,2026,00,00"), .malformedField),
            // Found by fuzz-nmea: an exponent in the fraction of a second overflowed the milliseconds.
            (NMEAWriter.frame("GNZDA,235959.50e31,01,12,2026,00,00"), .malformedField),
            (NMEAWriter.frame("GPZDA,120000.00,01,01,1879,00,00"), .malformedField),
            (NMEAWriter.frame("GNGNS,120000.00,6010.0,N,02456.0,E,AX,08,1.0,10.0,17.9,,"), .malformedField),
            (NMEAWriter.frame("GNGNS,120000.00,6010.0,N,02456.0,E,AA,08,1.0,10.0,17.9,,,Q"), .malformedField),
        ])
    func classified(line: String, code: NMEAError.Code) {
        #expect(errorCode(line) == code)
    }

    @Test("a course of 360° is north")
    func fullCircle() throws {
        guard case .vtg(let vtg) = try parser.parse(NMEAWriter.frame("GPVTG,360.0,T,,M,005.5,N,010.2,K,A")) else {
            Issue.record("expected VTG"); return
        }
        #expect(vtg.course == 0)
    }

    @Test("ZDA gives the full date with a four-digit year; empty or zero fields are no date yet")
    func zda() throws {
        guard case .zda(let zda) = try parser.parse(NMEAWriter.frame("GNZDA,235959.50,29,02,2028,-05,00")) else {
            Issue.record("expected ZDA"); return
        }
        #expect(zda.timeOfDay == 86_399_500 && zda.daysSince1970 == 21_243, "2028-02-29 is day 21243")
        for line in ["GPZDA,000012.00,00,00,0000,00,00", "GPZDA,000012.00,,,,,"] {
            guard case .zda(let unknown) = try parser.parse(NMEAWriter.frame(line)) else {
                Issue.record("expected ZDA"); return
            }
            #expect(unknown.daysSince1970 == nil && unknown.timeOfDay == 12_000)
        }
    }

    @Test("GNS reads one mode per constellation and the NMEA 4.1 navigation status")
    func gns() throws {
        guard case .gns(let gns) = try parser.parse(NMEAWriter.frame("GPGNS,112257.00,3844.24011,N,00908.43828,W,AN,03,10.5,,,,"))
        else { Issue.record("expected GNS"); return }
        #expect(gns.modes == "AN" && gns.isValid && gns.satellites == 3 && gns.hdop == 10.5 && gns.altitude == nil)
        #expect(abs(gns.latitude! - (38 + 44.24011 / 60)) < 1e-12 && abs(gns.longitude! + (9 + 8.43828 / 60)) < 1e-12)
        guard case .gns(let none) = try parser.parse(NMEAWriter.frame("GNGNS,074150.799,,,,,NNNN,00,,,0.0,,0000")),
            case .gns(let unsafe) = try parser.parse(NMEAWriter.frame("GNGNS,074150.799,6010.0,N,02456.0,E,AA,08,1.0,10.0,17.9,,,U"))
        else { Issue.record("expected GNS"); return }
        #expect(!none.isValid && none.latitude == nil && !unsafe.isValid && unsafe.navigationStatus == "U")
    }

    @Test("garbage before a sentence and a fragment glued to the next sentence are skipped")
    func garbagePrefix() throws {
        let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
        #expect(try parser.parse("\u{1}\u{FF}#!garbage" + gga).talker == "GP")
        #expect(try parser.parse("$GPRMC,1235" + gga).talker == "GP")
    }

    @Test("empty fields are nil and an invalid status is kept, not an error")
    func emptyFields() throws {
        guard case .rmc(let rmc) = try parser.parse(NMEAWriter.frame("GNRMC,,V,,,,,,,,,,N")) else {
            Issue.record("expected RMC"); return
        }
        #expect(!rmc.isValid && rmc.latitude == nil && rmc.timeOfDay == nil && rmc.daysSince1970 == nil && rmc.mode == "N")
        guard case .rmc(let noMode) = try parser.parse(NMEAWriter.frame("GPRMC,120000,A,6010.0,N,02456.0,E,,,291126,,,N"))
        else { Issue.record("expected RMC"); return }
        #expect(!noMode.isValid, "mode N means no fix even with status A")
    }

    private func errorCode(_ line: String, parser: NMEAParser = NMEAParser()) -> NMEAError.Code? {
        do {
            _ = try parser.parse(line)
            return nil
        } catch {
            return error.code
        }
    }
}
