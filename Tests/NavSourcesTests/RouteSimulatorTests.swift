import NavCore
import NavProtocol
import Testing

@testable import NavSources

@Suite("Route simulator")
struct RouteSimulatorTests {
    let start = Timestamp(secondsSince1970: 1_800_000_000)

    /// Steps until arrival (or the step budget runs out) and returns every fix.
    func drive(_ simulator: inout RouteSimulator, maxSteps: Int = 2000) -> [GPSFix] {
        var fixes = [GPSFix]()
        for _ in 0..<maxSteps {
            guard let fix = simulator.step() else { break }
            fixes.append(fix)
            if simulator.state == .arrived { break }
        }
        return fixes
    }

    @Test("fixes follow the polyline within the jitter and carry one-interval timestamps")
    func followsPolyline() throws {
        let route = try TestGeometry.route([(0, 0), (400, 0), (400, 300), (900, 500)])
        var options = SimulationOptions()
        options.jitterMeters = 3
        var simulator = RouteSimulator(options: options, startTime: start, seed: 7)
        simulator.simulateLocationsAlong(route)
        let fixes = drive(&simulator)
        #expect(simulator.state == .arrived)
        let offsets = fixes.map { TestGeometry.distance(from: $0, toPolyline: route.legs[0].coordinates) }
        // Six sigma of two-axis noise: never exceeded in a few hundred samples.
        #expect(offsets.allSatisfy { $0 < 6 * 3 })
        let mean = offsets.reduce(0, +) / Double(offsets.count)
        #expect(mean > 1 && mean < 6, "mean offset \(mean) m should be about 1.25 sigma")
        for (index, fix) in fixes.enumerated() {
            #expect(fix.timestamp == start.adding(seconds: Double(index + 1)))
            #expect(fix.source == "simulator")
        }
    }

    @Test("the same seed gives the same fixes")
    func deterministic() throws {
        let route = try TestGeometry.route([(0, 0), (300, 0), (300, 300)])
        var options = SimulationOptions()
        options.jitterMeters = 5
        var first = RouteSimulator(options: options, startTime: start, seed: 42)
        var second = RouteSimulator(options: options, startTime: start, seed: 42)
        first.simulateLocationsAlong(route)
        second.simulateLocationsAlong(route)
        #expect(drive(&first) == drive(&second))
    }

    @Test("in the `limit` profile speeds never exceed the limit and reach it on a long straight")
    func limitProfile() throws {
        let route = try SimulatedRoute(legs: [
            .init(
                coordinates: [
                    TestGeometry.coordinate(east: 0, north: 0), TestGeometry.coordinate(east: 800, north: 0),
                    TestGeometry.coordinate(east: 1600, north: 0), TestGeometry.coordinate(east: 2400, north: 0),
                ],
                speedLimits: [13.9, 8.3, nil], defaultSpeeds: [20, 20, 22.2])
        ])
        var simulator = RouteSimulator(startTime: start)
        simulator.simulateLocationsAlong(route)
        let fixes = drive(&simulator)
        #expect(simulator.state == .arrived)
        for fix in fixes {
            let east = Geodesy.distance(TestGeometry.origin.latitude, TestGeometry.origin.longitude, TestGeometry.origin.latitude, fix.longitude)
            let limit = east < 800 ? 13.9 : east < 1600 ? 8.3 : 22.2
            #expect(fix.speed! <= limit + 1e-9, "speed \(fix.speed!) at \(Int(east)) m exceeds \(limit)")
        }
        let top = fixes.compactMap(\.speed).max() ?? 0
        #expect(abs(top - 22.2) < 1e-6)
        #expect(fixes.contains { abs($0.speed! - 13.9) < 1e-6 })
    }

    @Test("`limit+15%` drives about 15 % above the limit")
    func scaledProfile() throws {
        let route = try TestGeometry.route([(0, 0), (2000, 0)], limit: 13.9)
        var options = SimulationOptions()
        options.speedProfile = try NavSources.SpeedProfile(parsing: "limit+15%")
        var simulator = RouteSimulator(options: options, startTime: start)
        simulator.simulateLocationsAlong(route)
        let fixes = drive(&simulator)
        let top = fixes.compactMap(\.speed).max() ?? 0
        #expect(abs(top - 13.9 * 1.15) < 0.01)
    }

    @Test("the vehicle slows before a 90° turn and speeds up after it")
    func slowsForCorner() throws {
        let route = try TestGeometry.route([(0, 0), (600, 0), (600, 600)], limit: 16.7)
        var simulator = RouteSimulator(startTime: start)
        simulator.simulateLocationsAlong(route)
        let fixes = drive(&simulator)
        let corner = route.legs[0].coordinates[1]
        let nearCorner = fixes.filter { TestGeometry.distance($0, corner) < 15 }
        let cruising = fixes.filter { TestGeometry.distance($0, corner) > 200 && $0.speed! > 0 }
        #expect(!nearCorner.isEmpty)
        // A 90° corner with 20 m tangents: √(2.5 m/s² × 20 m) ≈ 7.1 m/s, against 16.7 m/s on the straights.
        #expect(nearCorner.allSatisfy { $0.speed! < 12 }, "corner speeds \(nearCorner.map { $0.speed! })")
        #expect(nearCorner.map { $0.speed! }.min()! < 7.5)
        #expect(cruising.contains { abs($0.speed! - 16.7) < 1e-6 })
        // Braking is gradual: no step loses more than the comfortable deceleration (plus integration slack).
        for (previous, next) in zip(fixes, fixes.dropFirst()) {
            #expect(previous.speed! - next.speed! <= 3.0 + 0.5)
            #expect(next.speed! - previous.speed! <= 2.0 + 1e-9)
        }
        // The course turns from east to north.
        #expect(abs(fixes[3].course! - 90) < 1)
        #expect(abs(fixes[fixes.count - 3].course!) < 1 || abs(fixes[fixes.count - 3].course! - 360) < 1)
    }

    @Test("the trip reaches the end of the route, stops and keeps reporting it")
    func arrives() throws {
        let route = try TestGeometry.route([(0, 0), (500, 0)])
        var simulator = RouteSimulator(startTime: start)
        simulator.simulateLocationsAlong(route)
        let fixes = drive(&simulator)
        let end = route.legs[0].coordinates[1]
        #expect(simulator.state == .arrived)
        #expect(TestGeometry.distance(fixes.last!, end) < 0.01)
        let after = (0..<5).compactMap { _ in simulator.step() }
        #expect(after.count == 5)
        #expect(after.allSatisfy { $0.speed == 0 && TestGeometry.distance($0, end) < 0.01 })
        // 500 m at up to 13.9 m/s with 2 m/s² and 3 m/s²: between 36 s (cruise only) and 60 s.
        #expect(fixes.count > 36 && fixes.count < 60)
    }

    @Test("a multi-leg route stops at each leg's end and drives on after the stop")
    func multipleLegs() throws {
        let route = try SimulatedRoute(legs: [
            .init(coordinates: [TestGeometry.coordinate(east: 0, north: 0), TestGeometry.coordinate(east: 300, north: 0)], defaultSpeed: 10),
            .init(coordinates: [TestGeometry.coordinate(east: 300, north: 0), TestGeometry.coordinate(east: 300, north: 300)], defaultSpeed: 10),
        ])
        var options = SimulationOptions()
        options.stopDurationSeconds = 5
        var simulator = RouteSimulator(options: options, startTime: start)
        simulator.simulateLocationsAlong(route)
        var states = [RouteSimulator.State]()
        for _ in 0..<200 {
            _ = simulator.step()
            if states.last != simulator.state { states.append(simulator.state) }
            if simulator.state == .arrived { break }
        }
        #expect(states == [.driving(legIndex: 0), .stoppedAtWaypoint(legIndex: 0), .driving(legIndex: 1), .arrived])
    }

    @Test("without a stop duration the vehicle waits at a waypoint until told to continue")
    func waitsForContinue() throws {
        let route = try SimulatedRoute(legs: [
            .init(coordinates: [TestGeometry.coordinate(east: 0, north: 0), TestGeometry.coordinate(east: 200, north: 0)], defaultSpeed: 10),
            .init(coordinates: [TestGeometry.coordinate(east: 200, north: 0), TestGeometry.coordinate(east: 400, north: 0)], defaultSpeed: 10),
        ])
        var options = SimulationOptions()
        options.stopDurationSeconds = nil
        var simulator = RouteSimulator(options: options, startTime: start)
        simulator.simulateLocationsAlong(route)
        for _ in 0..<200 { _ = simulator.step() }
        #expect(simulator.state == .stoppedAtWaypoint(legIndex: 0))
        simulator.continueToNextLeg()
        #expect(simulator.state == .driving(legIndex: 1))
        _ = drive(&simulator)
        #expect(simulator.state == .arrived)
        #expect(abs(simulator.distanceAlongRoute - 400) < 0.5)
    }

    @Test("options out of range are rejected by validate()")
    func validation() {
        var options = SimulationOptions()
        #expect(throws: Never.self) { try options.validate() }
        options.speedMultiplier = 0
        #expect(throws: SourceError.self) { try options.validate() }
        options = SimulationOptions()
        options.jitterMeters = -1
        #expect(throws: SourceError.self) { try options.validate() }
    }

    @Test("paused keeps the position and reports speed 0 while fixes keep coming")
    func paused() throws {
        let route = try TestGeometry.route([(0, 0), (1000, 0)])
        var simulator = RouteSimulator(startTime: start)
        simulator.simulateLocationsAlong(route)
        for _ in 0..<10 { _ = simulator.step() }
        simulator.options.paused = true
        let held = (0..<5).compactMap { _ in simulator.step() }
        #expect(held.count == 5)
        #expect(held.allSatisfy { $0.speed == 0 && $0.latitude == held[0].latitude && $0.longitude == held[0].longitude })
        simulator.options.paused = false
        let resumed = simulator.step()!
        #expect(resumed.longitude > held[0].longitude)
    }

    @Test("speedMultiplier compresses wall time but not the fixes' timestamps")
    func speedMultiplier() throws {
        var options = SimulationOptions()
        options.speedMultiplier = 4
        var simulator = RouteSimulator(options: options, startTime: start)
        simulator.simulateLocationsAlong(try TestGeometry.route([(0, 0), (1000, 0)]))
        #expect(simulator.options.wallClockSecondsPerFix == 0.25)
        #expect(simulator.step()?.timestamp == start.adding(seconds: 1))
        #expect(simulator.step()?.timestamp == start.adding(seconds: 2))
    }

    @Test("leaveRouteAtMeters drives away from the route at right angles")
    func leavesRoute() throws {
        let route = try TestGeometry.route([(0, 0), (2000, 0)])
        var options = SimulationOptions()
        options.leaveRouteAtMeters = 300
        options.offRouteDistanceMeters = 250
        var simulator = RouteSimulator(options: options, startTime: start)
        simulator.simulateLocationsAlong(route)
        var fixes = [GPSFix]()
        for _ in 0..<120 { fixes.append(simulator.step()!) }
        #expect(simulator.state == .offRoute)
        let offsets = fixes.map { TestGeometry.distance(from: $0, toPolyline: route.legs[0].coordinates) }
        #expect(offsets.max()! > 240, "the vehicle should end about 250 m from the route")
        let departure = fixes.firstIndex { TestGeometry.distance(from: $0, toPolyline: route.legs[0].coordinates) > 5 }!
        let along = Geodesy.distance(TestGeometry.origin.latitude, TestGeometry.origin.longitude, TestGeometry.origin.latitude, fixes[departure].longitude)
        #expect(abs(along - 300) < 20)
        #expect(abs(fixes[departure].course! - 180) < 1)
        #expect(fixes.last!.speed == 0)
    }

    @Test("replacing the route continues from the current position on the new route")
    func reroute() throws {
        let route = try TestGeometry.route([(0, 0), (2000, 0)])
        var options = SimulationOptions()
        options.leaveRouteAtMeters = 200
        options.offRouteDistanceMeters = 100
        var simulator = RouteSimulator(options: options, startTime: start)
        simulator.simulateLocationsAlong(route)
        for _ in 0..<60 { _ = simulator.step() }
        let here = simulator.currentPosition!
        let hereEast = Geodesy.distance(TestGeometry.origin.latitude, TestGeometry.origin.longitude, TestGeometry.origin.latitude, here.longitude)
        let newRoute = try TestGeometry.route([(hereEast, -100), (hereEast + 500, -100), (hereEast + 500, 0)])
        simulator.replaceRoute(with: newRoute)
        #expect(simulator.state == .driving(legIndex: 0))
        let fixes = drive(&simulator)
        #expect(simulator.state == .arrived)
        #expect(TestGeometry.distance(fixes.last!, newRoute.legs[0].coordinates[2]) < 0.01)
        #expect(fixes.allSatisfy { TestGeometry.distance(from: $0, toPolyline: newRoute.legs[0].coordinates) < 1 })
    }

    @Test("simulateLocation reports a fixed position; stopSimulation ends the fixes")
    func fixedLocation() {
        var simulator = RouteSimulator(startTime: start)
        #expect(simulator.step() == nil)
        simulator.simulateLocation(latitude: 60.2, longitude: 24.9)
        let fix = simulator.step()!
        #expect(fix.latitude == 60.2 && fix.longitude == 24.9 && fix.speed == 0 && fix.course == nil)
        simulator.stopSimulation()
        #expect(simulator.step() == nil)
    }

    @Test(
        "speed profiles parse and print",
        arguments: [
            ("limit", NavSources.SpeedProfile.limit), ("limit+15%", .scaledLimit(1.15)), ("limit-10%", .scaledLimit(0.9)),
            ("constant:13.9", .constant(13.9)),
        ])
    func speedProfiles(text: String, expected: NavSources.SpeedProfile) throws {
        let parsed = try NavSources.SpeedProfile(parsing: text)
        #expect(parsed == expected)
        #expect(parsed.description == text)
    }

    @Test("malformed speed profiles are rejected with the accepted forms", arguments: ["", "fast", "limit+", "limit*2%", "constant:", "constant:-3", "limit-150%"])
    func badSpeedProfiles(text: String) {
        #expect(throws: SourceError.self) { try NavSources.SpeedProfile(parsing: text) }
    }
}
