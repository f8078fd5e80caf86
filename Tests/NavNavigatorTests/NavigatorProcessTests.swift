import NavCore
import Foundation
import NavBus
import NavProtocol
import NavTesting
import Testing

/// The real `navbus-proxy` and `navbus-navigator` processes on private endpoints, fed fixes by a
/// publisher in the test and watched by a subscriber.
@Suite("navbus-navigator process", .serialized)
struct NavigatorProcessTests {
    /// Everything a test talks to.
    final class Bus {
        let endpoints = TestEndpoints()
        let context = ZMQContext()
        let counters = BusCounters()
        let proxy: TestProcess
        let subscriber: Subscriber
        let publisher: Publisher
        let control: RPCClient
        var received: [BusMessage] = []

        init() throws {
            proxy = try TestProcess("navbus-proxy", [], environment: endpoints.environment)
            subscriber = try Subscriber(
                context: context, endpoint: endpoints.subscriber, prefixes: ["nav."], counters: counters)
            publisher = try Publisher(
                context: context, endpoint: endpoints.publisher, identity: SourceIdentity(role: "test-feeder"),
                counters: counters)
            // A call that times out is sent again, and `setDestinations` sent twice plans twice: the timeout is
            // long enough for a loaded machine, so only calls the navigator never received are repeated.
            control = RPCClient(
                context: context, endpoint: endpoints.navigator, timeoutMilliseconds: 10_000, retries: 3)
            guard publisher.waitUntilConnected(timeoutMilliseconds: 5_000) else {
                throw TestSupportError("the proxy did not come up: \(proxy.standardError)")
            }
        }

        func startNavigator(stateDirectory: String) throws -> TestProcess {
            let process = try TestProcess(
                "navbus-navigator",
                [
                    "--map", try PackagePaths.map("helsinki.osm.pbf").path, "--state-dir", stateDirectory,
                    "--log-level", "warning",
                ],
                environment: endpoints.environment)
            _ = try control.call(Method.getState.rawValue, params: VehicleParams(), result: NavigatorState.self)
            return process
        }

        func publish(_ fix: GPSFix, vehicle: String) throws {
            try publisher.publish(.gpsFix, subject: vehicle, payload: fix)
        }

        /// Collects what arrived, for at most `timeout` seconds or until `done` holds.
        @discardableResult
        func collect(timeout: Double, until done: ([BusMessage]) -> Bool = { _ in false }) throws -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                while let message = try subscriber.receive(dontWait: true) { received.append(message) }
                if done(received) { return true }
                usleep(5_000)
            }
            return done(received)
        }

        func arrivals() throws -> [Int] {
            try received.filter { $0.topic == .navArrival }.map { try $0.decode(Arrival.self).waypointIndex }
        }
    }

    @Test("a two-stop trip through the real processes, with the navigator killed (-9) and restarted mid-trip")
    func tripSurvivesKill() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navbus-e2e-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bus = try Bus()
        var navigator = try bus.startNavigator(stateDirectory: directory)
        let trip = try TwoStopTrip(seed: 61)
        let vehicle = "e2e-car"
        let scoped = VehicleParams(vehicle: vehicle)

        try bus.publish(trip.first.samples[0].fix, vehicle: vehicle)
        var status = RouteStatus.locationUnavailable
        #expect(
            try eventually(timeout: 5) {
                status = try bus.control.call(
                    Method.setDestinations.rawValue,
                    params: SetDestinationsParams(vehicle: vehicle, waypoints: trip.waypoints),
                    result: RouteStatusResult.self
                ).routeStatus
                return status != .locationUnavailable
            })
        #expect(status == .ok)
        _ = try bus.control.call(
            Method.startUpdatingLocation.rawValue, params: scoped, result: LocationUpdatesResult.self)
        _ = try bus.control.call(
            Method.setGuidanceActive.rawValue, params: SetGuidanceActiveParams(vehicle: vehicle, active: true),
            result: GuidanceActiveResult.self)
        for sample in trip.first.samples.dropFirst() {
            try bus.publish(sample.fix, vehicle: vehicle)
            usleep(5_000)
        }
        #expect(try bus.collect(timeout: 5) { _ in (try? bus.arrivals()) == [0] })

        let next = try bus.control.call(
            Method.continueToNextDestination.rawValue, params: scoped, result: ContinueToNextDestinationResult.self)
        #expect(next.nextDestination == trip.waypoints[1])
        _ = try bus.control.call(
            Method.setGuidanceActive.rawValue, params: SetGuidanceActiveParams(vehicle: vehicle, active: true),
            result: GuidanceActiveResult.self)
        let half = trip.second.samples.count / 2
        for sample in trip.second.samples[..<half] {
            try bus.publish(sample.fix, vehicle: vehicle)
            usleep(5_000)
        }
        // Long enough for the periodic save of progress, then the hard kill.
        try bus.collect(timeout: 3)
        kill(navigator.processIdentifier, SIGKILL)
        navigator.waitForExit(timeout: 5)

        navigator = try bus.startNavigator(stateDirectory: directory)
        let restored = try bus.control.call(Method.getState.rawValue, params: scoped, result: NavigatorState.self)
        #expect(restored.guidanceActive)
        #expect(restored.currentRouteLegIndex == 1)
        #expect(restored.routeLegs.map(\.destination) == [trip.waypoints[1]])
        for sample in trip.second.samples[(half - 3)...] {
            try bus.publish(sample.fix, vehicle: vehicle)
            usleep(5_000)
        }
        #expect(try bus.collect(timeout: 5) { _ in (try? bus.arrivals()) == [0, 1] })
        try bus.collect(timeout: 0.5)

        #expect(try bus.arrivals() == [0, 1])
        let topics = Set(bus.received.compactMap(\.topic))
        for topic in [Topic.navLocation, .navRouteChanged, .navRemainingTime, .navRemainingDistance, .navNavInfo] {
            #expect(topics.contains(topic), "no \(topic.rawValue) received")
        }
        let reasons = try bus.received.filter { $0.topic == .navRouteChanged }.map {
            try $0.decode(RouteChanged.self).reason
        }
        #expect(reasons == [.newDestinations, .nextDestination])
        #expect(bus.received.allSatisfy { $0.header.subject == vehicle })
        let onRoute = try bus.received.filter { $0.topic == .navLocation }.map { try $0.decode(SnappedLocation.self) }
        #expect(Double(onRoute.filter(\.onRoute).count) >= 0.95 * Double(onRoute.count))
        #expect(navigator.stop() == 0, "navigator: \(navigator.standardError)")
        #expect(bus.proxy.stop() == 0)
    }

    @Test("traffic conditions from the bus slow the route: delay category heavy; malformed fixes are counted")
    func trafficFromTheBus() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navbus-e2e-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bus = try Bus()
        let navigator = try bus.startNavigator(stateDirectory: directory)
        let heartbeats = try Subscriber(
            context: bus.context, endpoint: bus.endpoints.subscriber, prefixes: ["sys.heartbeat."],
            counters: bus.counters)
        let trip = try TwoStopTrip(seed: 62)
        let vehicle = "traffic-car"
        try bus.publish(trip.first.samples[0].fix, vehicle: vehicle)
        var status = RouteStatus.locationUnavailable
        _ = try eventually(timeout: 5) {
            status = try bus.control.call(
                Method.setDestinations.rawValue,
                params: SetDestinationsParams(vehicle: vehicle, waypoints: [trip.waypoints[0]]),
                result: RouteStatusResult.self
            ).routeStatus
            return status != .locationUnavailable
        }
        #expect(status == .ok)
        _ = try bus.control.call(
            Method.setGuidanceActive.rawValue, params: SetGuidanceActiveParams(vehicle: vehicle, active: true),
            result: GuidanceActiveResult.self)
        let origin = trip.first.samples[0].fix
        try bus.publisher.publish(
            .trafficConditions, subject: "city",
            payload: TrafficConditions(
                provider: "e2e",
                conditions: [
                    TrafficCondition(
                        area: .circle(
                            center: Coordinate(latitude: origin.latitude, longitude: origin.longitude),
                            radiusMeters: 5_000),
                        speedFactor: 0.5, expiresAt: Timestamp.now().adding(seconds: 600))
                ]))
        // A well-formed envelope around a fix that is not one.
        let badFix = #"""
            {"specversion":"1.0","id":"x","source":"navbus://test/x","type":"navbus.gps.fix.v1",
            "time":"2026-11-29T18:00:00.000Z","subject":"traffic-car","data":{"latitude":"north"}}
            """#
        try bus.publisher.publishFrames([Array(Topic.gpsFix.rawValue.utf8), Array(badFix.utf8)])
        usleep(300_000)
        for sample in trip.first.samples[1..<8] {
            try bus.publish(sample.fix, vehicle: vehicle)
            usleep(5_000)
        }
        let heavy = try bus.collect(timeout: 5) { messages in
            messages.contains { message in
                message.topic == .navDelayCategory && (try? message.decode(DelayCategoryUpdate.self).category) == .heavy
            }
        }
        #expect(heavy, "no heavy delay category after the traffic message")
        let state = try bus.control.call(
            Method.getState.rawValue, params: VehicleParams(vehicle: vehicle), result: NavigatorState.self)
        #expect(state.delayCategoryToNextDestination == .heavy)
        var malformed: UInt64 = 0
        _ = eventually(timeout: 3) {
            while let message = try? heartbeats.receive(dontWait: true) {
                if let beat = try? message.decode(Heartbeat.self), beat.process == "navbus-navigator" {
                    malformed = beat.counters["malformedFixes"] ?? 0
                }
            }
            return malformed > 0
        }
        #expect(malformed == 1)
        #expect(navigator.stop() == 0)
    }

    @Test("a broken map file ends the navigator at once with one line naming the file")
    func brokenMap() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).osm.pbf")
            .path
        try Data("this is not a protobuf map".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let endpoints = TestEndpoints()
        let process = try TestProcess("navbus-navigator", ["--map", path], environment: endpoints.environment)
        let status = process.waitForExit(timeout: 10)
        #expect(status != nil && status != 0)
        let lines = process.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains(path) == true)
    }
}
