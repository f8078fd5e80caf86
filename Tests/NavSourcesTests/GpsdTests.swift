import NavCore
import Foundation
import NavProtocol
import Testing

@testable import NavSources

@Suite("gpsd protocol and client")
struct GpsdTests {
    let received = Timestamp(secondsSince1970: 1_800_000_000)

    static func tpv(_ latitude: Double, _ longitude: Double, time: String, mode: Int = 3) -> String {
        #"{"class":"TPV","device":"/dev/ttyUSB0","mode":\#(mode),"time":"\#(time)","ept":0.005,"lat":\#(latitude),"lon":\#(longitude),"altHAE":84.2,"altMSL":65.1,"epx":3.1,"epy":4.2,"eph":5.5,"track":271.5,"speed":12.25}"#
    }

    @Test("a TPV report with a 3D fix becomes a GPSFix")
    func tpv3D() throws {
        let line = Self.tpv(60.1699, 24.9384, time: "2026-11-29T18:00:01.000Z")
        guard case .fix(let fix) = try GpsdReport.parse(line: line, receivedAt: received) else {
            Issue.record("expected a fix"); return
        }
        #expect(fix == GPSFix(
            latitude: 60.1699, longitude: 24.9384, altitude: 65.1, course: 271.5, speed: 12.25, horizontalAccuracy: 5.5,
            timestamp: Timestamp(rfc3339: "2026-11-29T18:00:01Z")!, source: "gpsd"))
    }

    @Test("a 2D fix without eph, altitude or time uses epx/epy and the receipt time")
    func tpv2D() throws {
        let line = #"{"class":"TPV","mode":2,"lat":-33.5,"lon":-70.25,"epx":3.0,"epy":4.0}"#
        guard case .fix(let fix) = try GpsdReport.parse(line: line, receivedAt: received) else {
            Issue.record("expected a fix"); return
        }
        #expect(fix.latitude == -33.5 && fix.longitude == -70.25 && fix.altitude == nil && fix.speed == nil)
        #expect(fix.horizontalAccuracy == 5 && fix.timestamp == received)
    }

    @Test(
        "other classes and fixless TPV reports are recognised and ignored",
        arguments: [
            (#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#, GpsdReport.Line.otherClass("VERSION")),
            (#"{"class":"SKY","device":"/dev/ttyUSB0","satellites":[{"PRN":5,"used":true}]}"#, .otherClass("SKY")),
            (#"{"class":"TPV","device":"/dev/ttyUSB0","mode":1}"#, .noFix),
            (#"{"class":"TPV","mode":0,"lat":1.0,"lon":2.0}"#, .noFix),
        ])
    func ignored(line: String, expected: GpsdReport.Line) throws {
        #expect(try GpsdReport.parse(line: line, receivedAt: received) == expected)
    }

    @Test("lines that are not report objects throw a parse error", arguments: ["", "not json", "[1,2]", #"{"mode":3}"#])
    func malformed(line: String) {
        #expect(throws: SourceError.self) { try GpsdReport.parse(line: line, receivedAt: received) }
    }

    @Test("the client sends ?WATCH, reads fixes, and reconnects when gpsd goes away")
    func clientReconnects() async throws {
        let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
        let server = try FakeLineServer(scripts: [
            .init(waitsForRequest: true, lines: [
                version, Self.tpv(60.1, 24.9, time: "2026-11-29T18:00:01Z"), "garbage{",
                Self.tpv(60.2, 24.9, time: "2026-11-29T18:00:02Z"),
            ]),
            .init(waitsForRequest: true, lines: [
                version, #"{"class":"TPV","mode":1}"#, Self.tpv(60.3, 24.9, time: "2026-11-29T18:00:03Z"),
            ]),
        ])
        defer { server.stop() }
        let counters = SourceCounters()
        let client = GpsdClient(
            port: server.port, backoff: ReconnectBackoff(initial: 0.05, maximum: 0.2), counters: counters)
        let fixes = try await collectFixes(from: client, count: 3)
        #expect(fixes.map(\.latitude) == [60.1, 60.2, 60.3])
        #expect(fixes.allSatisfy { $0.source == "gpsd" })
        #expect(server.requests == [GpsdClient.watchCommand.dropLast(), GpsdClient.watchCommand.dropLast()].map(String.init))
        let snapshot = counters.snapshot()
        // The listener still queues a third connection after its last script, so count at least two.
        #expect(snapshot.connections >= 2, "\(snapshot)")
        #expect(snapshot.fixes == 3 && snapshot.malformed == 1, "\(snapshot)")
    }

    @Test("the client keeps retrying while nothing listens and stops promptly when asked")
    func clientStops() throws {
        let stop = StopFlag()
        let counters = SourceCounters()
        let client = GpsdClient(port: 1, backoff: ReconnectBackoff(initial: 0.05, maximum: 0.1), counters: counters)
        let clock = SystemPlaybackClock()
        let started = clock.now()
        Thread.detachNewThread { Thread.sleep(forTimeInterval: 0.3); stop.requestStop() }
        try client.run(stop: stop) { _ in Issue.record("no fix expected") }
        let elapsed = clock.now() - started
        #expect(elapsed >= 0.25 && elapsed < 1.5)
        #expect(counters.snapshot().connections == 0)
    }
}
