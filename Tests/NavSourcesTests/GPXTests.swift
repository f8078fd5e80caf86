import NavCore
import Foundation
import NavProtocol
import Testing

@testable import NavSources

@Suite("GPX tracks and replay timing")
struct GPXTests {
    static let gpx11 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
          <trk><name>Helsinki</name><trkseg>
            <trkpt lat="60.169900" lon="24.938400"><ele>12.5</ele><time>2026-11-29T10:00:00Z</time></trkpt>
            <trkpt lat="60.170000" lon="24.938400"><ele>12.7</ele><time>2026-11-29T10:00:02Z</time><hdop>1.2</hdop><sat>9</sat></trkpt>
            <trkpt lat="60.170000" lon="24.938400"><time>2026-11-29T10:00:03Z</time></trkpt>
            <trkpt lat="60.170100" lon="24.938600"><time>2026-11-29T10:00:08Z</time>
              <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>4.5</gpxtpx:speed><gpxtpx:course>33.0</gpxtpx:course></gpxtpx:TrackPointExtension></extensions>
            </trkpt>
            <trkpt lat="60.170200" lon="24.938800"></trkpt>
            <trkpt lat="60.170300" lon="24.939000"><time>2026-11-29T10:01:30Z</time></trkpt>
          </trkseg></trk>
        </gpx>
        """

    static let gpx10 = """
        <?xml version="1.0"?>
        <gpx version="1.0" creator="test" xmlns="http://www.topografix.com/GPX/1/0">
          <trk><trkseg>
            <trkpt lat="-33.8500" lon="-151.2000"><ele>3</ele><time>2026-01-01T00:00:00Z</time><course>180.0</course><speed>10.0</speed></trkpt>
            <trkpt lat="-33.8501" lon="-151.2000"><time>2026-01-01T00:00:01Z</time><course>180.0</course><speed>11.0</speed></trkpt>
          </trkseg></trk>
        </gpx>
        """

    @Test("GPX 1.1 points with elevation, time, HDOP, satellites and Garmin extensions; untimed points skipped")
    func gpx11Track() throws {
        let track = try GPXTrack(data: Data(Self.gpx11.utf8))
        #expect(track.fixes.count == 5 && track.skippedPoints == 1)
        let first = track.fixes[0]
        #expect(first.latitude == 60.1699 && first.altitude == 12.5 && first.source == "gpx")
        #expect(track.fixes[1].horizontalAccuracy == 6 && track.fixes[1].satellites == 9)
        #expect(track.fixes[3].speed == 4.5 && track.fixes[3].course == 33)
    }

    @Test("missing speed and course are derived from neighbouring points")
    func derivedMotion() throws {
        let fixes = try GPXTrack(data: Data(Self.gpx11.utf8)).fixes
        // 0.0001° of latitude is 11.1 m, covered in 2 s, due north.
        #expect(abs(fixes[0].speed! - 5.56) < 0.02 && abs(fixes[1].speed! - 5.56) < 0.02)
        #expect(abs(fixes[0].course!) < 0.01 && abs(fixes[1].course!) < 0.01)
        // Standing still: speed 0, no course.
        #expect(fixes[2].speed == 0 && fixes[2].course == nil)
    }

    @Test("GPX 1.0 speed and course elements are kept")
    func gpx10Track() throws {
        let fixes = try GPXTrack(data: Data(Self.gpx10.utf8)).fixes
        #expect(fixes.map(\.speed) == [10, 11] && fixes.map(\.course) == [180, 180])
        #expect(fixes[0].latitude == -33.85 && fixes[0].longitude == -151.2)
    }

    @Test("malformed XML and tracks without timed points are errors")
    func badFiles() {
        #expect(throws: SourceError.self) { try GPXTrack(data: Data("<gpx><trk><trkpt lat=".utf8)) }
        #expect(throws: SourceError.self) {
            try GPXTrack(data: Data(#"<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>"#.utf8))
        }
        #expect(throws: SourceError(.io, "cannot read GPX file /nonexistent/track.gpx")) {
            try GPXTrack(contentsOf: "/nonexistent/track.gpx")
        }
    }

    @Test("replay waits by the recorded time differences divided by the rate, shortening long gaps")
    func replayTiming() throws {
        let path = try Fixtures.write(Self.gpx11, name: "track.gpx")
        let clock = ManualPlaybackClock()
        let replay = GPXReplay(path: path, replayer: FixReplayer(options: ReplayOptions(rate: 2, maximumGap: 10), clock: clock))
        var delivered = [GPSFix]()
        try replay.run(stop: StopFlag()) { delivered.append($0) }
        #expect(delivered.count == 5)
        // Recorded at 0, 2, 3, 8, 90 s; the 82 s gap is cut to 10 s; all halved by rate 2.
        #expect(clock.sleeps == [0, 1, 1.5, 4, 9])
        #expect(delivered.map(\.timestamp) == (try GPXTrack(contentsOf: path)).fixes.map(\.timestamp))
    }

    @Test("restamped replay moves the track to the wall clock; rate max does not wait")
    func restampAndMaxRate() throws {
        let path = try Fixtures.write(Self.gpx10, name: "track.gpx")
        let clock = ManualPlaybackClock(wall: Timestamp(rfc3339: "2027-05-05T12:00:00Z")!)
        let spec = try GPSSourceSpec(parsing: "gpx:\(path)?rate=max&restamp=true")
        var delivered = [GPSFix]()
        try spec.makeSource(clock: clock)!.run(stop: StopFlag()) { delivered.append($0) }
        #expect(clock.sleeps.isEmpty)
        #expect(delivered.map(\.timestamp.rfc3339) == ["2027-05-05T12:00:00.000Z", "2027-05-05T12:00:01.000Z"])
    }

    @Test("an NMEA log replays in real time by its sentence timestamps")
    func nmeaFileReplay() throws {
        var simulator = RouteSimulator(startTime: Timestamp(rfc3339: "2026-11-29T10:00:00Z")!)
        simulator.simulateLocationsAlong(try TestGeometry.route([(0, 0), (300, 0)]))
        let fixes = (0..<5).compactMap { _ in simulator.step() }
        let path = try Fixtures.write("garbage line\n" + NMEAWriter().log(for: fixes), name: "track.nmea")
        let clock = ManualPlaybackClock()
        let counters = SourceCounters()
        let source = try GPSSourceSpec(parsing: "nmea-file:\(path)").makeSource(counters: counters, clock: clock)!
        var delivered = [GPSFix]()
        try source.run(stop: StopFlag()) { delivered.append($0) }
        #expect(delivered.count == 5)
        #expect(clock.sleeps == [0, 1, 2, 3, 4])
        #expect(zip(delivered, fixes).allSatisfy { abs($0.latitude - $1.latitude) < 1e-6 && $0.timestamp == $1.timestamp })
        #expect(counters.snapshot() == .init(fixes: 5, malformed: 1, skippedByReason: ["noSentenceStart": 1], connections: 0))
    }

    @Test("a stop request ends a replay before the next fix")
    func stopEndsReplay() throws {
        let path = try Fixtures.write(Self.gpx11, name: "track.gpx")
        let stop = StopFlag()
        var delivered = 0
        try GPXReplay(path: path, replayer: FixReplayer(clock: ManualPlaybackClock())).run(stop: stop) { _ in
            delivered += 1
            if delivered == 2 { stop.requestStop() }
        }
        #expect(delivered == 2)
    }
}
