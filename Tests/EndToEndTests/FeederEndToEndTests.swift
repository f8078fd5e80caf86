import NavCore
import Foundation
import NavBus
import NavMap
import NavProtocol
import NavRouting
import NavSources
import NavTesting
import Testing

/// `navbus-feeder` as users run it: with the real proxy, a real gpsd (gpsfake), GPX replays and the route
/// simulator on the Helsinki map, checked through the `gps.fix.v1` messages it publishes.
@Suite("navbus-feeder end to end", .serialized, .timeLimit(.minutes(1)))
struct FeederEndToEndTests {
    @Test("gpsd: fixes replayed by gpsfake from the project's own NMEA log are published as in the log")
    func publishesWhatGpsdReports() throws {
        let leg = try HelsinkiRoutes.kamppiToSenateSquare()
        var simulator = RouteSimulator(startTime: Timestamp(rfc3339: "2026-11-29T10:00:00Z")!, seed: 3)
        simulator.simulateLocationsAlong(
            try SimulatedRoute(legs: [
                SimulatedRoute.Leg(
                    coordinates: leg.coordinates.map { .init(latitude: $0.latitude, longitude: $0.longitude) },
                    speedLimits: leg.segmentSpeedLimits, defaultSpeeds: leg.segmentSpeeds)
            ]))
        var written: [GPSFix] = []
        for _ in 0..<12 {
            guard var fix = simulator.step() else {
                Issue.record("the simulator stopped after \(written.count) fixes")
                return
            }
            fix.altitude = 15
            fix.satellites = 9
            written.append(fix)
        }
        let log = try temporaryFile("drive.nmea", contents: NMEAWriter().log(for: written))

        let bus = try FeederTestBus()
        let gpsfake = try Gpsfake(log: log)
        defer { gpsfake.stop() }
        let feeder = try bus.startFeeder(["--source", "gpsd://127.0.0.1:\(gpsfake.port)", "--vehicle", "car-7"])
        let lastTime = written[written.count - 1].timestamp
        let received = try bus.collectFixes(timeout: 30) { $0.last?.fix.timestamp == lastTime }
        #expect(feeder.stop() == 0, "feeder stderr: \(feeder.standardError)")

        // gpsd may swallow the first epoch or two while it identifies the device.
        #expect(received.count >= written.count - 3, "got \(received.count) of \(written.count): \(feeder.standardError)")
        let byTime = Dictionary(uniqueKeysWithValues: written.map { ($0.timestamp, $0) })
        for message in received {
            let fix = message.fix
            #expect(message.subject == "car-7")
            let original = try #require(byTime[fix.timestamp], "a time that is not in the log: \(fix.timestamp)")
            #expect(abs(fix.latitude - original.latitude) < 1e-6 && abs(fix.longitude - original.longitude) < 1e-6)
            #expect(abs((fix.speed ?? -1) - (original.speed ?? 0)) < 0.01)
            #expect(fix.source == "gpsd")
            // gpsd may report an epoch from RMC alone (no altitude) before the GGA arrives.
            #expect(fix.altitude == nil || fix.altitude == 15)
        }
    }

    @Test("GPX replay at full speed publishes every track point, then the feeder exits 0")
    func replaysGPX() throws {
        let points: [Coordinate] = (0..<40).map { (index: Int) -> Coordinate in
            Coordinate(
                latitude: 60.1690 + Double(index) * 0.0001, longitude: 24.9380 + Double(index % 7) * 0.00005)
        }
        let start = Timestamp(rfc3339: "2026-11-29T08:00:00Z")!
        let trackPoints: [String] = points.enumerated().map { (index: Int, point: Coordinate) -> String in
            "<trkpt lat=\"\(point.latitude)\" lon=\"\(point.longitude)\"><ele>10</ele>"
                + "<time>\(start.adding(seconds: Double(index)).rfc3339)</time></trkpt>"
        }
        let gpx = try temporaryFile(
            "walk.gpx",
            contents: """
                <?xml version="1.0" encoding="UTF-8"?>
                <gpx version="1.1" creator="navbus tests" xmlns="http://www.topografix.com/GPX/1/1">
                  <trk><trkseg>\(trackPoints.joined(separator: "\n"))</trkseg></trk>
                </gpx>
                """)
        let bus = try FeederTestBus()
        let feeder = try bus.startFeeder(["--source", "gpx:\(gpx)?rate=max"])
        let received = try bus.collectFixes(timeout: 15) { $0.count == points.count }
        #expect(feeder.waitForExit(timeout: 10) == 0, "feeder stderr: \(feeder.standardError)")
        #expect(received.count == points.count)
        for (message, point) in zip(received, points) {
            let fix = message.fix
            #expect(message.subject == "default")
            #expect(abs(fix.latitude - point.latitude) < 1e-9 && abs(fix.longitude - point.longitude) < 1e-9)
        }
        let times: [Timestamp] = received.map { $0.fix.timestamp }
        #expect(times == points.indices.map { start.adding(seconds: Double($0)) })
    }

    @Test("simulator on Helsinki: follows the navigator's route within the jitter, keeps to the limits, stops at the end")
    func simulatesTheNavigatorsRoute() throws {
        let leg = try HelsinkiRoutes.kamppiToSenateSquare()
        let bus = try FeederTestBus()
        // Published before the feeder starts: the proxy's last-value cache must hand it over.
        let navigator = try bus.navigatorPublisher()
        try navigator.publish(
            .navRouteChanged, subject: "default",
            payload: RouteChanged(
                reason: .newDestinations, routeLegs: [HelsinkiRoutes.published(leg, title: "Senate Square")],
                currentRouteLegIndex: 0))
        Thread.sleep(forTimeInterval: 0.2)

        let jitter = 2.0
        let feeder = try bus.startFeeder(["--jitter", "\(jitter)", "--seed", "11"])
        let control = RPCClient(context: bus.context, endpoint: bus.endpoints.feeder)
        let configured = try control.call(
            Method.configureSimulator.rawValue, params: ConfigureSimulatorParams(speedMultiplier: 50),
            result: SimulatorStatus.self)
        #expect(configured.speedMultiplier == 50 && configured.speedProfile == .limit && configured.jitterMeters == jitter)
        var status: SimulatorStatus?
        _ = eventually(timeout: 5) {
            status = try? control.call(
                Method.simulateLocationsAlongExistingRoute.rawValue, params: VehicleParams(), result: SimulatorStatus.self)
            return status != nil
        }
        #expect(status?.mode == .route, "no route reached the feeder: \(feeder.standardError)")

        let received = try bus.collectFixes(timeout: 30) { $0.count > 5 && $0.last?.fix.speed == 0 }
        #expect(feeder.stop() == 0, "feeder stderr: \(feeder.standardError)")
        let fixes = received.map(\.fix)
        try #require(fixes.count > 20, "only \(fixes.count) fixes: \(feeder.standardError)")

        let coordinates = leg.coordinates
        let tolerance = 5 * jitter
        var fastest = 0.0
        for fix in fixes {
            let point = (fix.latitude, fix.longitude)
            let nearby = (0..<coordinates.count - 1).filter {
                HelsinkiRoutes.distance(from: point, toSegment: $0, of: coordinates) <= tolerance
            }
            #expect(!nearby.isEmpty, "fix \(point) is more than \(tolerance) m from the route")
            let allowed = nearby.map { leg.segmentSpeedLimits[$0] ?? leg.segmentSpeeds[$0] }.max() ?? 0
            #expect((fix.speed ?? 0) <= allowed + 1e-6, "\(fix.speed ?? 0) m/s where the limit is \(allowed) m/s")
            fastest = max(fastest, fix.speed ?? 0)
        }
        #expect(fastest > 8, "the vehicle never got up to speed (fastest \(fastest) m/s)")
        let last = try #require(fixes.last)
        #expect(last.speed == 0)
        let end = coordinates[coordinates.count - 1]
        #expect(
            HelsinkiRoutes.distance(from: (last.latitude, last.longitude), toSegment: coordinates.count - 2, of: coordinates)
                <= tolerance && abs(last.latitude - end.latitude) < 1e-3 && abs(last.longitude - end.longitude) < 1e-3,
            "the trip ended at \(last.latitude), \(last.longitude), not at \(end)")
        // The simulated clock: one second per fix, however fast the playback.
        for (previous, next) in zip(fixes, fixes.dropFirst()) {
            #expect(abs(next.timestamp.seconds(since: previous.timestamp) - 1) < 1e-3)
        }
        #expect(received.allSatisfy { $0.subject == "default" })
    }
}
