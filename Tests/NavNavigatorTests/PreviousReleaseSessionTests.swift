import Foundation
import NavCore
import NavNavigator
import NavProtocol
import Testing

/// A session saved by the previous release restores: its guidance state lacks the fields added since, and those
/// start afresh instead of making the whole session unreadable.
@Suite("Sessions saved by the previous release")
struct PreviousReleaseSessionTests {
    @Test("restores with its route and progress, and the trip still arrives once")
    func restoresAndArrives() throws {
        let map = try HelsinkiMap.map()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("navbus-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(PreviousReleaseSession.json.utf8)
            .write(to: URL(fileURLWithPath: directory + "/\(PreviousReleaseSession.vehicle).session.json"))

        let harness = try NavigatorHarness(map: map, stateDirectory: directory)
        let vehicle = VehicleParams(vehicle: PreviousReleaseSession.vehicle)
        let state = harness.navigator.state(vehicle)
        #expect(state.guidanceActive)
        #expect(state.routeLegs.map(\.destination.title) == ["Kaivokatu"])
        let remaining = try #require(state.distanceToNextDestinationMeters)
        // 751 m planned, 98 m of it driven before the save.
        #expect(abs(remaining - 653) < 20, "\(remaining) m to go")

        // The rest of the trip, from where the saved session left off, ending with a stop.
        let leg = try #require(state.routeLegs.first)
        let points = leg.geometry.coordinates.map { Coordinate(latitude: $0[1], longitude: $0[0]) }
        let start = Polyline(points).segmentIndex(at: 100)
        var trace = RouteTrace(seed: 11, sigma: 5, startTime: 1_795_950_008)
        trace.drive(Array(points[start...]), exactStart: false)
        trace.dwell(seconds: 10)
        for sample in trace.samples {
            harness.clock.now = sample.fix.timestamp.secondsSince1970
            harness.send(sample.fix, vehicle: PreviousReleaseSession.vehicle)
        }
        #expect(harness.arrivals.map(\.waypointIndex) == [0])
        #expect(harness.routeChanges.filter { $0.reason == .offRoute }.isEmpty)
    }
}
