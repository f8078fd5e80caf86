import NavCore
import Foundation
import NavBus
import NavMap
import NavProtocol
import NavRouting
import NavSources
import NavTesting

#if canImport(Glibc)
    import Glibc
#endif

/// A real `navbus-proxy` on private endpoints, a subscriber to `gps.fix.v1` and helpers to start
/// `navbus-feeder` against it: the feeder tests' common set-up.
final class FeederTestBus {
    let endpoints = TestEndpoints()
    let context = ZMQContext()
    let counters = BusCounters()
    let proxy: TestProcess
    let fixes: Subscriber

    init() throws {
        proxy = try TestProcess("navbus-proxy", ["--pub", endpoints.publisher, "--sub", endpoints.subscriber])
        fixes = try Subscriber(
            context: context, endpoint: endpoints.subscriber, prefixes: [Topic.gpsFix.rawValue], counters: counters)
        // The proxy binds within a fraction of a second; the subscription must be in place before fixes flow.
        Thread.sleep(forTimeInterval: 0.3)
    }

    deinit {
        proxy.stop()
    }

    /// Starts the feeder on this bus with extra arguments.
    func startFeeder(_ arguments: [String]) throws -> TestProcess {
        try TestProcess("navbus-feeder", arguments + ["--log-level", "debug"], environment: endpoints.environment)
    }

    /// A publisher for messages the navigator would send, connected to the proxy.
    func navigatorPublisher() throws -> Publisher {
        let publisher = try Publisher(
            context: context, endpoint: endpoints.publisher, identity: SourceIdentity(role: "navigator"),
            counters: counters)
        guard publisher.waitUntilConnected(timeoutMilliseconds: 3000) else {
            throw TestSupportError("the proxy did not accept the test's publisher")
        }
        return publisher
    }

    /// Collects `gps.fix.v1` messages until `done` says so or `timeout` seconds pass.
    func collectFixes(timeout: Double, until done: ([ReceivedFix]) -> Bool) throws -> [ReceivedFix] {
        var collected: [ReceivedFix] = []
        try fixes.socket.setReceiveTimeout(milliseconds: 100)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !done(collected) {
            guard let message = try fixes.receive() else { continue }
            collected.append(ReceivedFix(subject: message.header.subject, fix: try message.decode(GPSFix.self)))
        }
        return collected
    }
}

/// A `gps.fix.v1` message as received.
struct ReceivedFix {
    /// The envelope's subject: the vehicle.
    var subject: String
    var fix: GPSFix
}

/// Central Helsinki, loaded once for every feeder test that needs real roads.
enum HelsinkiRoutes {
    static let router: Result<Router, TestSupportError> = {
        do {
            return .success(Router(graph: try MapLoader.load(path: try PackagePaths.map("helsinki.osm.pbf").path)))
        } catch {
            return .failure(TestSupportError("cannot load maps/helsinki.osm.pbf (\(error)); run scripts/fetch-maps.sh"))
        }
    }()

    /// The driving route between two points.
    static func leg(from origin: (Double, Double), to destination: (Double, Double)) throws -> NavRouting.RouteLeg {
        let router = try router.get()
        let result = router.route(
            RouteRequest(
                waypoints: [
                    NavRouting.Waypoint(latitude: origin.0, longitude: origin.1),
                    NavRouting.Waypoint(latitude: destination.0, longitude: destination.1),
                ],
                options: RoutingOptions(travelMode: .driving)))
        guard result.status == .ok, let leg = result.routes.first?.legs.first else {
            throw TestSupportError("no Helsinki route from \(origin) to \(destination): \(result.message)")
        }
        return leg
    }

    /// Kamppi to Senate Square, about two kilometres through the centre.
    static func kamppiToSenateSquare() throws -> NavRouting.RouteLeg {
        try leg(from: (60.16880, 24.93200), to: (60.16950, 24.95220))
    }

    /// The leg as the navigator publishes it in `nav.route_changed.v1`.
    static func published(_ leg: NavRouting.RouteLeg, title: String) -> NavProtocol.RouteLeg {
        let end = leg.coordinates[leg.coordinates.count - 1]
        return NavProtocol.RouteLeg(
            destination: NavProtocol.Waypoint(title: title, latitude: end.latitude, longitude: end.longitude),
            distanceMeters: leg.distanceMeters, durationSeconds: leg.durationSeconds,
            geometry: LineString(positions: leg.coordinates.map { [$0.longitude, $0.latitude] }),
            segmentSpeedLimits: leg.segmentSpeedLimits, segmentSpeeds: leg.segmentSpeeds)
    }

    /// Metres from `point` to segment `index` of `coordinates` (flat-earth, fine at street scale).
    static func distance(from point: (Double, Double), toSegment index: Int, of coordinates: [Coordinate]) -> Double {
        let metersPerDegree = 111_320.0
        let scale = cos(point.0 * .pi / 180)
        func local(_ c: Coordinate) -> (Double, Double) {
            ((c.longitude - point.1) * metersPerDegree * scale, (c.latitude - point.0) * metersPerDegree)
        }
        let a = local(coordinates[index])
        let b = local(coordinates[index + 1])
        let dx = b.0 - a.0
        let dy = b.1 - a.1
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? max(0, min(1, -(a.0 * dx + a.1 * dy) / lengthSquared)) : 0
        let x = a.0 + t * dx
        let y = a.1 + t * dy
        return (x * x + y * y).squareRoot()
    }
}

/// A file in a fresh temporary directory.
func temporaryFile(_ name: String, contents: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "navbus-feeder-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(name)
    try contents.write(to: file, atomically: true, encoding: .utf8)
    return file.path
}
