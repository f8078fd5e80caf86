import NavCore
import Foundation
import NavProtocol
import NavTesting
import Testing

@testable import NavSources

#if canImport(Glibc)
    import Glibc
#endif

/// Real gpsd: `gpsfake` replays a log written by ``NMEAWriter`` through a gpsd on a free port, and
/// ``GpsdClient`` must read back the positions the log holds.
@Suite("gpsfake end to end")
struct GpsfakeEndToEndTests {
    // Generous limits: the reader stops at the log's last fix, so only a machine busy with other builds (gpsfake
    // and gpsd are Python and C processes started fresh) comes near them.
    @Test("fixes written as NMEA come back through gpsfake and gpsd", .timeLimit(.minutes(3)))
    func roundTripThroughGpsd() throws {
        var options = SimulationOptions()
        options.jitterMeters = 2
        var simulator = RouteSimulator(options: options, startTime: Timestamp(rfc3339: "2026-11-29T10:00:00Z")!, seed: 5)
        simulator.simulateLocationsAlong(try TestGeometry.route([(0, 0), (400, 0), (400, 400)]))
        var written = [GPSFix]()
        for _ in 0..<15 {
            guard var fix = simulator.step() else { Issue.record("the simulator stopped"); return }
            fix.altitude = 20
            fix.satellites = 8
            written.append(fix)
        }
        let log = try Fixtures.write(NMEAWriter().log(for: written), name: "drive.nmea")
        let gpsfake = try Gpsfake(log: log)
        defer { gpsfake.stop() }
        let port = gpsfake.port

        // A blocking reader with a deadline: if gpsd stays silent the test fails instead of hanging.
        let client = GpsdClient(port: port, backoff: ReconnectBackoff(initial: 0.2, maximum: 0.5))
        let stop = StopFlag()
        let collected = Collected()
        let lastTime = written[written.count - 1].timestamp
        let reader = Thread {
            try? client.run(stop: stop) { fix in
                _ = collected.append(fix)
                if fix.timestamp == lastTime { stop.requestStop() }
            }
        }
        reader.start()
        stop.wait(seconds: 150)
        stop.requestStop()
        var received = [Timestamp: GPSFix]()
        for fix in collected.fixes { received[fix.timestamp] = fix }
        // gpsd may drop the first epoch or two while it identifies the device.
        #expect(received.count >= written.count - 3, "got \(received.count) of \(written.count) fixes")
        let byTime = Dictionary(uniqueKeysWithValues: written.map { ($0.timestamp, $0) })
        for fix in received.values {
            let original = try #require(byTime[fix.timestamp], "gpsd reported a time not in the log: \(fix.timestamp)")
            #expect(abs(fix.latitude - original.latitude) < 1e-6 && abs(fix.longitude - original.longitude) < 1e-6)
            #expect(abs(fix.speed! - original.speed!) < 0.01)
            #expect(fix.altitude == 20 && fix.source == "gpsd")
            if let course = original.course, original.speed! > 0 { #expect(abs(fix.course! - course) < 0.01) }
        }
    }
}
