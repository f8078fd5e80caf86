import Foundation
import NavMap
import NavNavigator
import NavProtocol
import NavRouting
import Testing

/// Sessions saved under the state directory and restored by a new navigator, as after `kill -9`.
@Suite("Session persistence")
struct SessionPersistenceTests {
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("navbus-state-\(UUID().uuidString)").path
    }

    @Test("after a crash mid-trip the restored session resumes: destinations kept, one arrival per waypoint")
    func resumeMidTrip() throws {
        let map = try HelsinkiMap.map()
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let trip = try TwoStopTrip(seed: 41)
        var arrivals: [Int] = []

        let before = try NavigatorHarness(map: map, stateDirectory: directory)
        #expect(before.startTrip(from: trip.first.samples[0].fix, to: trip.waypoints) == .ok)
        for sample in trip.first.samples.dropFirst() { before.send(sample.fix) }
        #expect(before.navigator.continueToNextDestination(VehicleParams()).routeStatus == .ok)
        _ = before.navigator.setGuidanceActive(SetGuidanceActiveParams(active: true))
        let half = trip.second.samples.count / 2
        for sample in trip.second.samples[..<half] {
            before.clock.now = sample.fix.timestamp.secondsSince1970
            before.send(sample.fix)
            before.navigator.tick()
        }
        arrivals += before.arrivals.map(\.waypointIndex)
        let progressBefore = try #require(before.navigator.state(VehicleParams()).distanceToNextDestinationMeters)
        // The navigator is dropped without flush(), as a killed process would be.

        let after = try NavigatorHarness(map: map, stateDirectory: directory)
        let state = after.navigator.state(VehicleParams())
        #expect(state.guidanceActive)
        #expect(state.currentRouteLegIndex == 1)
        #expect(state.routeLegs.map(\.destination) == [trip.waypoints[1]])
        let progressAfter = try #require(state.distanceToNextDestinationMeters)
        #expect(abs(progressAfter - progressBefore) < 60, "restored \(progressAfter) m to go, had \(progressBefore) m")
        // The vehicle's device resends its last few fixes after the restart.
        for sample in trip.second.samples[(half - 3)...] { after.send(sample.fix) }
        arrivals += after.arrivals.map(\.waypointIndex)
        #expect(arrivals == [0, 1])
        #expect(after.routeChanges.filter { $0.reason == .offRoute }.isEmpty)
    }

    @Test("a crash right after an arrival never announces it again")
    func noSecondArrival() throws {
        let map = try HelsinkiMap.map()
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let trip = try TwoStopTrip(seed: 42)
        let before = try NavigatorHarness(map: map, stateDirectory: directory)
        #expect(before.startTrip(from: trip.first.samples[0].fix, to: [trip.waypoints[0]]) == .ok)
        var last = 0
        for (index, sample) in trip.first.samples.enumerated().dropFirst() where before.arrivals.isEmpty {
            before.send(sample.fix)
            last = index
        }
        #expect(before.arrivals.map(\.waypointIndex) == [0])

        let after = try NavigatorHarness(map: map, stateDirectory: directory)
        _ = after.navigator.setGuidanceActive(SetGuidanceActiveParams(active: true))
        for sample in trip.first.samples[max(1, last - 5)...] { after.send(sample.fix) }
        #expect(after.arrivals.isEmpty)
    }

    @Test("sessions of several vehicles are kept apart and each restored with its own options")
    func severalVehicles() throws {
        let map = try HelsinkiMap.map()
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try NavigatorHarness(map: map, stateDirectory: directory)
        for (vehicle, threshold) in [("taxi/1", 10.0), ("..", 20.0), ("bus 7", 30.0)] {
            _ = try before.navigator.configure(
                ConfigureNavigatorParams(vehicle: vehicle, timeUpdateThreshold: threshold))
        }
        let after = try NavigatorHarness(map: map, stateDirectory: directory)
        #expect(after.navigator.vehicles == ["..", "bus 7", "taxi/1"])
        #expect(after.navigator.state(VehicleParams(vehicle: "bus 7")).configuration.timeUpdateThreshold == 30)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 3)
    }

    @Test("idle sessions expire and their files are removed")
    func idleExpiry() throws {
        let map = try HelsinkiMap.map()
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let harness = try NavigatorHarness(
            map: map, stateDirectory: directory, settings: Navigator.Settings(sessionIdleTimeout: 60))
        _ = try harness.navigator.configure(ConfigureNavigatorParams(vehicle: "idle", stopGuidanceAtArrival: false))
        harness.clock.now += 30
        _ = harness.navigator.setUpdatingLocation(true, VehicleParams(vehicle: "busy"))
        harness.clock.now += 45
        harness.navigator.tick()
        #expect(harness.navigator.vehicles == ["busy"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 1)
    }
}
