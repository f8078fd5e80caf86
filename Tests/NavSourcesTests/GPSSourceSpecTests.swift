import Testing

@testable import NavSources

@Suite("--source specs")
struct GPSSourceSpecTests {
    @Test(
        "valid specs parse",
        arguments: [
            ("simulator", GPSSourceSpec.simulator),
            ("gpsd", .gpsd(host: "127.0.0.1", port: 2947)),
            ("gpsd://gps.local", .gpsd(host: "gps.local", port: 2947)),
            ("gpsd://10.0.0.5:2948", .gpsd(host: "10.0.0.5", port: 2948)),
            ("gpsd://[::1]:2947", .gpsd(host: "::1", port: 2947)),
            ("nmea:/dev/ttyUSB0?baud=9600", .nmeaSerial(path: "/dev/ttyUSB0", baud: 9600)),
            ("nmea:/dev/ttyACM0", .nmeaSerial(path: "/dev/ttyACM0", baud: 4800)),
            ("nmea+tcp://192.168.1.20:10110", .nmeaTCP(host: "192.168.1.20", port: 10110)),
            ("nmea-file:/tmp/drive.nmea", .nmeaFile(path: "/tmp/drive.nmea", replay: ReplayOptions())),
            ("nmea-file:logs/a.nmea?rate=4", .nmeaFile(path: "logs/a.nmea", replay: ReplayOptions(rate: 4))),
            ("-", .nmeaStandardInput),
            ("gpx:/tmp/t.gpx?rate=max&restamp=true", .gpx(path: "/tmp/t.gpx", replay: ReplayOptions(rate: nil, restamp: true))),
            ("  gpx:t.gpx ", .gpx(path: "t.gpx", replay: ReplayOptions())),
        ])
    func valid(text: String, expected: GPSSourceSpec) throws {
        let spec = try GPSSourceSpec(parsing: text)
        #expect(spec == expected)
        #expect(try GPSSourceSpec(parsing: spec.description) == spec, "description round-trips: \(spec)")
    }

    @Test(
        "malformed specs name the problem",
        arguments: [
            ("", "empty source"),
            ("serial:/dev/ttyUSB0", "unknown source kind"),
            ("nmea+tcp://host", "missing :PORT"),
            ("nmea+tcp://host:port", "is not a number"),
            ("gpsd://host:70000", "out of range"),
            ("gpsd://:2947", "missing or malformed host"),
            ("gpsd://[::1", "unclosed"),
            ("nmea:/dev/ttyUSB0?baud=1234", "baud must be one of"),
            ("nmea:/dev/ttyUSB0?speed=9600", "unknown parameter \"speed\""),
            ("nmea-file:", "missing path"),
            ("nmea-file:a.nmea?rate=0", "rate must be a positive number"),
            ("gpx:a.gpx?rate", "is not key=value"),
            ("gpx:a.gpx?restamp=yes", "restamp must be true or false"),
        ])
    func invalid(text: String, reason: String) {
        do {
            _ = try GPSSourceSpec(parsing: text)
            Issue.record("\"\(text)\" should not parse")
        } catch let error as SourceError {
            #expect(error.code == .invalidSpec)
            #expect(error.message.contains(reason), "\(error.message)")
            #expect(error.message.contains("expected simulator | gpsd"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("each spec makes the matching reader; the simulator has none")
    func makesSources() throws {
        #expect(GPSSourceSpec.simulator.makeSource() == nil)
        #expect(try GPSSourceSpec(parsing: "gpsd").makeSource() is GpsdClient)
        #expect(try GPSSourceSpec(parsing: "-").makeSource() is NMEAStreamSource)
        #expect(try GPSSourceSpec(parsing: "nmea:/dev/ttyS0").makeSource() is NMEAStreamSource)
        #expect(try GPSSourceSpec(parsing: "nmea-file:a").makeSource() is NMEAFileReplay)
        #expect(try GPSSourceSpec(parsing: "gpx:a").makeSource() is GPXReplay)
    }
}
