import NavBus
import NavCore
import NavProtocol
import NavSources
import Testing

@testable import NavFeeder

/// The feeder's simulator driven with injected monotonic time, as its reactor drives it.
@Suite("Location simulator")
struct LocationSimulatorTests {
    static let route = ProtocolSamples.routeChanged

    /// Drives `simulator` from `start` for `seconds` of monotonic time, collecting every fix by vehicle.
    static func drive(
        _ simulator: inout LocationSimulator, from start: Double, seconds: Double
    ) -> [String: [GPSFix]] {
        var fixes: [String: [GPSFix]] = [:]
        var now = start
        while now <= start + seconds {
            simulator.produceFixes(now: now) { vehicle, fix in fixes[vehicle, default: []].append(fix) }
            // The loop sleeps until the next fix due, exactly as the feeder's reactor does.
            now = max(now + 0.001, simulator.nextDue)
            if simulator.nextDue == .infinity { break }
        }
        return fixes
    }

    @Test("a vehicle drives the navigator's route at one fix a second, forward along it, and sleeps when done")
    func drivesTheRoute() throws {
        var simulator = LocationSimulator(defaults: SimulationOptions(), seed: 3)
        try simulator.routeChanged(Self.route, vehicle: "car-1")
        let status = try simulator.simulateAlongExistingRoute(vehicle: "car-1", now: 0)
        #expect(status.mode == .route)
        let fixes = try #require(Self.drive(&simulator, from: 0, seconds: 60)["car-1"])
        #expect(fixes.count >= 50)
        let times = fixes.map(\.timestamp.secondsSince1970)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 1) < 1e-6 })
        let start = Coordinate(latitude: 60.17100, longitude: 24.94140)
        let first = Coordinate(latitude: fixes[0].latitude, longitude: fixes[0].longitude)
        let last = try #require(fixes.last.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) })
        #expect(first.distance(to: start) < 20)
        #expect(last.distance(to: start) > 300)
    }

    @Test("an idle simulator owes no fix; a request makes one due at once")
    func idleSleeps() throws {
        var simulator = LocationSimulator(defaults: SimulationOptions(), seed: 1)
        simulator.produceFixes(now: 5) { _, _ in Issue.record("an idle simulator produced a fix") }
        #expect(simulator.nextDue == .infinity)
        _ = try simulator.simulateLocation(SimulateLocationParams(vehicle: "v", latitude: 60.17, longitude: 24.94), now: 6)
        #expect(simulator.nextDue <= 6)
        var produced = 0
        simulator.produceFixes(now: 6) { _, _ in produced += 1 }
        #expect(produced == 1)
        _ = try simulator.stopSimulation(vehicle: "v")
        simulator.produceFixes(now: 7) { _, _ in Issue.record("a stopped vehicle produced a fix") }
        #expect(simulator.nextDue == .infinity)
    }

    @Test("the same seed gives the same noisy fixes")
    func seeded() throws {
        func run() throws -> [GPSFix] {
            var simulator = LocationSimulator(defaults: SimulationOptions(), seed: 11)
            try simulator.routeChanged(Self.route, vehicle: "v")
            _ = try simulator.configure(ConfigureSimulatorParams(vehicle: "v", jitterMeters: 5), now: 0)
            _ = try simulator.simulateAlongExistingRoute(vehicle: "v", now: 0)
            return Self.drive(&simulator, from: 0, seconds: 20)["v"] ?? []
        }
        let first = try run()
        #expect(first.count > 10)
        #expect(try run().map { [$0.latitude, $0.longitude] } == first.map { [$0.latitude, $0.longitude] })
    }

    @Test(
        "bad settings are refused with the parameter named, and change nothing",
        arguments: [
            ConfigureSimulatorParams(vehicle: "v", speedMultiplier: 0),
            ConfigureSimulatorParams(vehicle: "v", jitterMeters: -1),
            ConfigureSimulatorParams(vehicle: "v", speedProfile: "fast"),
        ])
    func badSettings(params: ConfigureSimulatorParams) throws {
        var simulator = LocationSimulator(defaults: SimulationOptions(), seed: 1)
        let error = #expect(throws: RPCError.self) { try simulator.configure(params, now: 0) }
        #expect(error?.code == -32602)
        let status = try simulator.stopSimulation(vehicle: "v")
        #expect(status.speedMultiplier == 1)
        #expect(status.jitterMeters == 0)
    }

    @Test("without a route there is nothing to drive, and out-of-range positions are refused")
    func refusals() {
        var simulator = LocationSimulator(defaults: SimulationOptions(), seed: 1)
        #expect(throws: RPCError.self) { try simulator.simulateAlongExistingRoute(vehicle: "v", now: 0) }
        #expect(throws: RPCError.self) {
            try simulator.simulateLocation(SimulateLocationParams(vehicle: "v", latitude: 91, longitude: 0), now: 0)
        }
    }
}
