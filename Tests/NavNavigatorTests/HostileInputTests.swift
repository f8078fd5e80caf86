import Foundation
import NavNavigator
import NavProtocol
import Testing

/// Regression tests for issue #12 items 1, 3 and 8: one bad fix, value or file must never freeze a vehicle or
/// trap the navigator (and with it every other vehicle).
@Suite("Hostile input to the navigator")
struct HostileInputTests {
    static func fix(_ base: GPSFix, at seconds: Double) -> GPSFix {
        var fix = base
        fix.timestamp = Timestamp(secondsSince1970: seconds)
        return fix
    }

    /// A vehicle mid-trip, its session saved in `directory`.
    static func savedTrip(in directory: String) throws -> (trip: TwoStopTrip, lastTime: Double) {
        let trip = try TwoStopTrip(seed: 51)
        let harness = try NavigatorHarness(map: try HelsinkiMap.map(), stateDirectory: directory)
        #expect(harness.startTrip(from: trip.first.samples[0].fix, to: trip.waypoints) == .ok)
        let half = trip.first.samples.count / 2
        for sample in trip.first.samples[1..<half] { harness.send(sample.fix) }
        harness.navigator.flush()
        return (trip, trip.first.samples[half - 1].fix.timestamp.secondsSince1970)
    }

    static func sessionFile(in directory: String, vehicle: String = "default") -> String {
        directory + "/" + vehicle + ".session.json"
    }

    /// Edits a saved session's JSON the way a damaged or hand-made file would look.
    static func editSession(at path: String, _ edit: (inout [String: Any]) -> Void) throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        edit(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    }

    /// A navigator guiding a vehicle from the first fix of a trip, its clock at that fix.
    static func tripUnderWay(seed: UInt64) throws -> (NavigatorHarness, [RouteTrace.Sample]) {
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        let trip = try TwoStopTrip(seed: seed)
        let samples = trip.first.samples
        harness.clock.now = samples[0].fix.timestamp.secondsSince1970
        #expect(harness.startTrip(from: samples[0].fix, to: trip.waypoints) == .ok)
        return (harness, samples)
    }

    @Test("item 1: a fix dated 2099 is refused and the vehicle keeps moving")
    func futureFixIsRefused() throws {
        let (harness, samples) = try Self.tripUnderWay(seed: 52)
        harness.send(Self.fix(samples[1].fix, at: Timestamp(rfc3339: "2099-01-01T00:00:00Z")!.secondsSince1970))
        #expect(harness.counters.value("fixesFromFuture") == 1)
        harness.clearEvents()
        for sample in samples[2..<12] { harness.send(sample.fix) }
        #expect(harness.locations.count == 10)
    }

    @Test("item 1: a glitch an hour ahead stops the vehicle for at most three fixes")
    func clockRecoversFromAGlitch() throws {
        let (harness, samples) = try Self.tripUnderWay(seed: 53)
        harness.send(Self.fix(samples[1].fix, at: samples[1].fix.timestamp.secondsSince1970 + 3_600))
        harness.clearEvents()
        for sample in samples[2..<20] { harness.send(sample.fix) }
        #expect(harness.counters.value("fixClockRestarts") == 1)
        #expect(harness.counters.value("fixesOutOfOrder") == 2)
        #expect(harness.locations.count == 16)
        // The clock is the fixes' again: a reordered fix is still ignored as before.
        let before = harness.locations.count
        harness.send(samples[5].fix)
        #expect(harness.locations.count == before)
    }

    @Test("item 1: a future fix time saved before the restart does not freeze the restored vehicle")
    func futureClockInASavedSession() throws {
        let directory = SessionPersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (trip, _) = try Self.savedTrip(in: directory)
        try Self.editSession(at: Self.sessionFile(in: directory)) { session in
            var guidance = session["guidance"] as? [String: Any] ?? [:]
            guidance["lastFixTime"] = Timestamp(rfc3339: "2099-01-01T00:00:00Z")!.secondsSince1970
            session["guidance"] = guidance
        }
        let after = try NavigatorHarness(map: try HelsinkiMap.map(), stateDirectory: directory)
        #expect(after.counters.value("sessionsRestored") == 1)
        #expect(after.counters.value("fixClockRestarts") == 1)
        let samples = trip.first.samples
        for sample in samples[(samples.count / 2)..<(samples.count / 2 + 5)] { after.send(sample.fix) }
        #expect(after.locations.count == 5)
    }

    @Test(
        "items 3 and 8: a saved session with impossible values is skipped with a counter, never trapping",
        arguments: [
            ("tracker segment 1000000", ["guidance", "tracker", "segment"], 1_000_000),
            ("leg index 99", ["guidance", "currentLegIndex"], 99),
            ("step 5000", ["guidance", "tracker", "step"], 5_000),
            ("distance along 1e300", ["guidance", "tracker", "distanceAlong"], 1e300),
            ("negative waypoint base", ["guidance", "waypointIndexBase"], -7),
        ] as [(String, [String], Double)])
    func impossibleValuesAreSkipped(label: String, path: [String], value: Double) throws {
        let directory = SessionPersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (trip, _) = try Self.savedTrip(in: directory)
        try Self.editSession(at: Self.sessionFile(in: directory)) { session in
            let number: Any = value == value.rounded() && abs(value) < 1e15 ? Int(value) : value
            session = Self.setting(session, path[...], to: number)
        }
        let after = try NavigatorHarness(map: try HelsinkiMap.map(), stateDirectory: directory)
        #expect(after.counters.value("sessionsSkipped") == 1, "\(label)")
        #expect(after.counters.value("sessionsRestored") == 0, "\(label)")
        // What trapped before: the first fix and navigator.getState.
        after.send(trip.first.samples[3].fix)
        #expect(after.navigator.state(VehicleParams()).routeLegs.isEmpty)
        #expect(after.counters.value("fixesProcessed") == 1)
    }

    static func setting(_ object: [String: Any], _ path: ArraySlice<String>, to value: Any) -> [String: Any] {
        var object = object
        guard let key = path.first else { return object }
        if path.count == 1 {
            object[key] = value
        } else {
            object[key] = setting(object[key] as? [String: Any] ?? [:], path.dropFirst(), to: value)
        }
        return object
    }

    @Test("item 8: a session file naming another vehicle does not replace that vehicle's session")
    func foreignVehicleFile() throws {
        let directory = SessionPersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try Self.savedTrip(in: directory)
        let original = Self.sessionFile(in: directory)
        let copy = Self.sessionFile(in: directory, vehicle: "intruder")
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        try Self.editSession(at: original) { session in session["destinations"] = [] }
        let after = try NavigatorHarness(map: try HelsinkiMap.map(), stateDirectory: directory)
        #expect(after.counters.value("sessionsSkipped") == 1)
        #expect(after.navigator.vehicles == ["default"])
        #expect(after.navigator.state(VehicleParams()).routeLegs.count == 2)
    }

    @Test("item 8: fixes outside the schema's bounds are refused and counted")
    func fixBounds() throws {
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        let good = GPSFix(
            latitude: 60.1712, longitude: 24.9433, course: 90, speed: 5, horizontalAccuracy: 5,
            timestamp: Timestamp(secondsSince1970: harness.clock.now), source: "test")
        var bad: [GPSFix] = []
        for edit: (inout GPSFix) -> Void in [
            { $0.horizontalAccuracy = -1 }, { $0.latitude = 1.5e302 }, { $0.longitude = -181 }, { $0.speed = -3 },
            { $0.course = 360 }, { $0.altitude = .nan }, { $0.satellites = -1 },
        ] {
            var fix = good
            edit(&fix)
            bad.append(fix)
        }
        for fix in bad { harness.send(fix) }
        #expect(harness.counters.value("malformedFixes") == UInt64(bad.count))
        #expect(harness.navigator.sessionCount == 0)
        harness.send(good)
        #expect(harness.counters.value("fixesProcessed") == 1)
    }

    @Test("item 8: an unbounded vehicle id is refused, a normal one accepted")
    func vehicleIDs() throws {
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        let fix = GPSFix(
            latitude: 60.1712, longitude: 24.9433, timestamp: Timestamp(secondsSince1970: harness.clock.now),
            source: "test")
        harness.send(fix, vehicle: String(repeating: "x", count: 1 << 20))
        harness.send(fix, vehicle: "car 7\n")
        harness.send(fix, vehicle: "")
        #expect(harness.counters.value("invalidVehicleIDs") == 3)
        harness.send(fix, vehicle: "fleet/car-7")
        #expect(harness.navigator.vehicles == ["fleet/car-7"])
        #expect(Vehicle.problem(with: String(repeating: "x", count: 65)) != nil)
        #expect(Vehicle.problem(with: "default") == nil)
    }
}
