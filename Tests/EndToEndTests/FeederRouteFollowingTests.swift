import NavCore
import Foundation
import NavBus
import NavMap
import NavProtocol
import NavRouting
import NavSources
import NavTesting
import Testing

/// The simulator follows what the navigator publishes while it drives: the next leg after
/// `continueToNextDestination`, and a reroute after it left the route on purpose.
@Suite("navbus-feeder follows the navigator", .serialized, .timeLimit(.minutes(1)))
struct FeederRouteFollowingTests {
    static let kamppi = (60.16880, 24.93200)
    static let railwaySquare = (60.17100, 24.94140)
    static let senateSquare = (60.16950, 24.95220)

    /// A bus with the feeder driving `legs` for vehicle "default" at 50× real time.
    struct Drive {
        let bus: FeederTestBus
        let navigator: Publisher
        let feeder: TestProcess
        let control: RPCClient

        init(legs: [NavRouting.RouteLeg], configure: ConfigureSimulatorParams) throws {
            bus = try FeederTestBus()
            navigator = try bus.navigatorPublisher()
            feeder = try bus.startFeeder([])
            control = RPCClient(context: bus.context, endpoint: bus.endpoints.feeder)
            try publish(.newDestinations, legs: legs, currentLeg: 0)
            _ = try control.call(Method.configureSimulator.rawValue, params: configure, result: SimulatorStatus.self)
            var started = false
            _ = eventually(timeout: 5) {
                started =
                    (try? control.call(
                        Method.simulateLocationsAlongExistingRoute.rawValue, params: VehicleParams(),
                        result: SimulatorStatus.self)) != nil
                return started
            }
            if !started { throw TestSupportError("the feeder never learnt the route: \(feeder.standardError)") }
        }

        func publish(_ reason: RouteChangeReason, legs: [NavRouting.RouteLeg], currentLeg: Int) throws {
            try navigator.publish(
                .navRouteChanged, subject: "default",
                payload: RouteChanged(
                    reason: reason, routeLegs: legs.map { HelsinkiRoutes.published($0, title: "stop") },
                    currentRouteLegIndex: currentLeg))
        }

        /// Fixes until the vehicle has stood still for `standing` fixes in a row.
        func fixesUntilStopped(standing: Int = 3, timeout: Double = 20) throws -> [GPSFix] {
            try bus.collectFixes(timeout: timeout) { received in
                received.count > standing && received.suffix(standing).allSatisfy { $0.fix.speed == 0 }
            }.map(\.fix)
        }
    }

    static func isNear(_ fix: GPSFix, _ coordinate: Coordinate, meters: Double) -> Bool {
        Coordinate(latitude: fix.latitude, longitude: fix.longitude).distance(to: coordinate) <= meters
    }

    static func distance(_ fix: GPSFix, to leg: NavRouting.RouteLeg) -> Double {
        (0..<leg.coordinates.count - 1).map {
            HelsinkiRoutes.distance(from: (fix.latitude, fix.longitude), toSegment: $0, of: leg.coordinates)
        }.min() ?? .infinity
    }

    @Test("waits at an intermediate destination until nextDestination, then drives the next leg to the end")
    func continuesToTheNextDestination() throws {
        let first = try HelsinkiRoutes.leg(from: Self.kamppi, to: Self.railwaySquare)
        let second = try HelsinkiRoutes.leg(from: Self.railwaySquare, to: Self.senateSquare)
        let drive = try Drive(legs: [first, second], configure: ConfigureSimulatorParams(speedMultiplier: 50))
        defer { _ = drive.feeder.stop() }

        let toStop = try drive.fixesUntilStopped()
        let waiting = try #require(toStop.last)
        #expect(Self.isNear(waiting, first.coordinates.last!, meters: 1), "stopped at \(waiting), not the first stop")
        // Still waiting a few fixes later: only the navigator releases the vehicle.
        let held = try drive.bus.collectFixes(timeout: 5) { $0.count == 5 }.map(\.fix)
        #expect(held.count == 5 && held.allSatisfy { $0.speed == 0 && Self.isNear($0, first.coordinates.last!, meters: 1) })

        try drive.publish(.nextDestination, legs: [second], currentLeg: 1)
        let onward = try drive.bus.collectFixes(timeout: 20) { received in
            received.last.map { $0.fix.speed == 0 && Self.isNear($0.fix, second.coordinates.last!, meters: 1) } ?? false
        }.map(\.fix)
        #expect(onward.contains { ($0.speed ?? 0) > 5 }, "the vehicle did not drive on")
        #expect(onward.allSatisfy { Self.distance($0, to: second) < 1 }, "left the second leg")
        #expect(onward.last.map { Self.isNear($0, second.coordinates.last!, meters: 1) } == true)
        #expect(drive.feeder.stop() == 0, "feeder stderr: \(drive.feeder.standardError)")
    }

    @Test("leaves the route at leaveRouteAtMeters, then follows the navigator's reroute to the destination")
    func followsAReroute() throws {
        let planned = try HelsinkiRoutes.leg(from: Self.kamppi, to: Self.senateSquare)
        let drive = try Drive(
            legs: [planned], configure: ConfigureSimulatorParams(speedMultiplier: 50, leaveRouteAtMeters: 300))
        defer { _ = drive.feeder.stop() }

        let away = try drive.fixesUntilStopped()
        let stranded = try #require(away.last)
        #expect(Self.distance(stranded, to: planned) > 100, "the vehicle never left the route")

        let reroute = try HelsinkiRoutes.leg(from: (stranded.latitude, stranded.longitude), to: Self.senateSquare)
        try drive.publish(.offRoute, legs: [reroute], currentLeg: 0)
        let back = try drive.bus.collectFixes(timeout: 20) { received in
            received.last.map { $0.fix.speed == 0 && Self.isNear($0.fix, reroute.coordinates.last!, meters: 1) } ?? false
        }.map(\.fix)
        #expect(back.contains { ($0.speed ?? 0) > 5 }, "the vehicle did not drive the reroute")
        #expect(back.last.map { Self.isNear($0, reroute.coordinates.last!, meters: 1) } == true)
        #expect(drive.feeder.stop() == 0, "feeder stderr: \(drive.feeder.standardError)")
    }
}

/// Fleet mode, configuration mistakes and signals.
@Suite("navbus-feeder process", .serialized, .timeLimit(.minutes(1)))
struct FeederProcessTests {
    @Test("--fleet N drives N vehicles fleet-0001… on the map")
    func fleetPublishesEveryVehicle() throws {
        let bus = try FeederTestBus()
        let map = try PackagePaths.map("helsinki.osm.pbf").path
        let feeder = try bus.startFeeder(["--fleet", "3", "--map", map, "--speed-multiplier", "10"])
        let received = try bus.collectFixes(timeout: 30) { Set($0.map(\.subject)).count == 3 && $0.count > 30 }
        #expect(feeder.stop() == 0, "feeder stderr: \(feeder.standardError)")
        #expect(Set(received.map(\.subject)) == ["fleet-0001", "fleet-0002", "fleet-0003"])
        #expect(received.contains { ($0.fix.speed ?? 0) > 0 }, "no fleet vehicle moved")
    }

    @Test(
        "configuration mistakes exit 64 with a one-line reason",
        arguments: [
            (["--source", "nmea:/dev/ttyUSB0?baud=12345"], "baud"),
            (["--fleet", "2"], "--map"),
            (["--source", "gpsd://127.0.0.1:2947", "--rate", "2"], "--rate"),
            (["--speed-profile", "fast"], "speed profile"),
        ])
    func rejectsBadConfiguration(arguments: [String], mention: String) throws {
        let endpoints = TestEndpoints()
        let feeder = try TestProcess("navbus-feeder", arguments, environment: endpoints.environment)
        #expect(feeder.waitForExit(timeout: 5) == 64)
        #expect(feeder.standardError.contains(mention), "stderr: \(feeder.standardError)")
    }

    @Test("SIGINT stops a feeder blocked on an unreachable GPS with exit 0")
    func exitsZeroOnSIGINTWhileReadingGPS() throws {
        let bus = try FeederTestBus()
        let feeder = try bus.startFeeder(["--source", "nmea+tcp://127.0.0.1:9"])
        Thread.sleep(forTimeInterval: 0.5)
        #expect(feeder.isRunning, "feeder stderr: \(feeder.standardError)")
        #expect(feeder.stop(signal: SIGINT, timeout: 5) == 0, "feeder stderr: \(feeder.standardError)")
    }
}
