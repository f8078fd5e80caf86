import NavProtocol
import Testing

@testable import NavSources

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Fleet simulator")
struct FleetSimulatorTests {
    let start = Timestamp(secondsSince1970: 1_800_000_000)

    @Test("vehicles cycle through the routes and match a lone simulator step for step")
    func lockstep() throws {
        let routes = [
            try TestGeometry.route([(0, 0), (500, 0)]),
            try TestGeometry.route([(0, 0), (0, 300), (300, 300)]),
        ]
        var options = SimulationOptions()
        options.jitterMeters = 2
        var fleet = try FleetSimulator(routes: routes, vehicleCount: 5, options: options, startTime: start, seed: 10)
        var alone = RouteSimulator(options: options, startTime: start, seed: 13)
        alone.simulateLocationsAlong(routes[1])
        for _ in 0..<100 {
            var fixes = [Int: GPSFix]()
            fleet.step { fixes[$0] = $1 }
            #expect(fixes.count == 5)
            #expect(fixes[3] == alone.step(), "vehicle 3 drives route 1 with seed 10 + 3")
        }
        #expect(fleet.arrivedCount == 5)
    }

    /// How fast a step is belongs to `navbus-bench fleet`; this checks that a large fleet shares its routes and
    /// every vehicle gets exactly one fix per step.
    @Test("a fleet of 10,000 vehicles gives every vehicle one fix per step")
    func scale() throws {
        let route = try TestGeometry.route((0..<200).map { (Double($0) * 25, Double($0 % 7) * 10) })
        var fleet = try FleetSimulator(routes: [route], vehicleCount: 10_000, startTime: start)
        var perVehicle = [Int](repeating: 0, count: 10_000)
        for _ in 0..<5 { fleet.step { vehicle, _ in perVehicle[vehicle] += 1 } }
        #expect(perVehicle.allSatisfy { $0 == 5 })
    }

    @Test("an empty route list is rejected")
    func noRoutes() {
        #expect(throws: SourceError.self) { try FleetSimulator(routes: [], startTime: start) }
    }
}
