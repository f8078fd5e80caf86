import Foundation
import NavProtocol
import Testing

@testable import NavSources

#if canImport(Glibc)
    import Glibc
#endif

/// Real gpsd: `gpsfake` replays a log written by ``NMEAWriter`` through a gpsd on a free port, and
/// ``GpsdClient`` must read back the positions the log holds.
@Suite("gpsfake end to end")
struct GpsfakeEndToEndTests {
    static let gpsfakePath = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "fixes written as NMEA come back through gpsfake and gpsd",
        .enabled(if: gpsfakePath != nil, "gpsfake is not installed: apt-get install gpsd gpsd-clients"),
        .timeLimit(.minutes(1)))
    func roundTripThroughGpsd() throws {
        var options = SimulationOptions()
        options.jitterMeters = 2
        var simulator = RouteSimulator(options: options, startTime: Timestamp(rfc3339: "2026-11-29T10:00:00Z")!, seed: 5)
        simulator.simulateLocationsAlong(try TestGeometry.route([(0, 0), (400, 0), (400, 400)]))
        var written = [GPSFix]()
        for _ in 0..<15 {
            guard var fix = simulator.step() else { Issue.record("the simulator stopped"); return }
            fix.altitude = 20
            fix.satellites = 8
            written.append(fix)
        }
        let log = try Fixtures.write(NMEAWriter().log(for: written), name: "drive.nmea")
        let port = try Self.freePort()

        let gpsfake = Process()
        gpsfake.executableURL = URL(fileURLWithPath: try #require(Self.gpsfakePath))
        gpsfake.arguments = ["-P", String(port), "-1", "-c", "0.2", "-n", log]
        gpsfake.standardOutput = FileHandle.nullDevice
        gpsfake.standardError = FileHandle.nullDevice
        try gpsfake.run()
        defer { Self.stop(gpsfake) }

        // A blocking reader with a deadline: if gpsd stays silent the test fails instead of hanging.
        let client = GpsdClient(port: port, backoff: ReconnectBackoff(initial: 0.2, maximum: 0.5))
        let stop = StopSignal()
        let collected = Collected()
        let lastTime = written[written.count - 1].timestamp
        let reader = Thread {
            try? client.run(stop: stop) { fix in
                _ = collected.append(fix)
                if fix.timestamp == lastTime { stop.stop() }
            }
        }
        reader.start()
        stop.wait(seconds: 30)
        stop.stop()
        var received = [Timestamp: GPSFix]()
        for fix in collected.fixes { received[fix.timestamp] = fix }
        // gpsd may drop the first epoch or two while it identifies the device.
        #expect(received.count >= written.count - 3, "got \(received.count) of \(written.count) fixes")
        let byTime = Dictionary(uniqueKeysWithValues: written.map { ($0.timestamp, $0) })
        for fix in received.values {
            let original = try #require(byTime[fix.timestamp], "gpsd reported a time not in the log: \(fix.timestamp)")
            #expect(abs(fix.latitude - original.latitude) < 1e-6 && abs(fix.longitude - original.longitude) < 1e-6)
            #expect(abs(fix.speed! - original.speed!) < 0.01)
            #expect(fix.altitude == 20 && fix.source == "gpsd")
            if let course = original.course, original.speed! > 0 { #expect(abs(fix.course! - course) < 0.01) }
        }
    }

    /// A port the kernel just handed out and released.
    static func freePort() throws -> Int {
        let server = try FakeLineServer(scripts: [])
        defer { server.stop() }
        return server.port
    }

    /// Stops gpsfake and the gpsd it started, by their process ids: SIGTERM, then SIGKILL after a grace
    /// period, because neither reliably exits on SIGTERM.
    static func stop(_ process: Process) {
        let pid = process.processIdentifier
        let children = childProcesses(of: pid)
        for child in children { kill(child, SIGTERM) }
        process.terminate()
        for _ in 0..<10 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(pid, SIGKILL) }
        for child in children { kill(child, SIGKILL) }
        process.waitUntilExit()
    }

    /// Process ids whose parent is `parent`, from /proc/<pid>/stat ("pid (comm) state ppid ...").
    static func childProcesses(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
        }
    }
}
