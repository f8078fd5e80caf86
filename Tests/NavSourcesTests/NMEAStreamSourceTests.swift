import NavCore
import Foundation
import NavProtocol
import Testing

@testable import NavSources

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Live NMEA sources")
struct NMEAStreamSourceTests {
    static func sentences(count: Int, startingAt second: Int) throws -> [GPSFix] {
        var simulator = RouteSimulator(startTime: Timestamp(rfc3339: "2026-11-29T10:00:00Z")!.adding(seconds: Double(second)))
        simulator.simulateLocationsAlong(try TestGeometry.route([(0, 0), (0, 1000)]))
        return (0..<count).compactMap { _ in simulator.step() }
    }

    @Test("NMEA over TCP delivers fixes and reconnects after the server drops the connection")
    func tcpReconnect() async throws {
        let first = try Self.sentences(count: 3, startingAt: 0)
        let second = try Self.sentences(count: 3, startingAt: 100)
        let writer = NMEAWriter(talker: "GN")
        let lines = { (fixes: [GPSFix]) in
            writer.log(for: fixes).split(separator: "\r\n").map(String.init)
        }
        let server = try FakeLineServer(scripts: [
            .init(waitsForRequest: false, lines: ["$GPGSV,garbage*00"] + lines(first)),
            .init(waitsForRequest: false, lines: lines(second)),
        ])
        defer { server.stop() }
        let counters = SourceCounters()
        let source = try #require(
            try GPSSourceSpec(parsing: "nmea+tcp://127.0.0.1:\(server.port)").makeSource(counters: counters)
                as? NMEAStreamSource)
        let fast = NMEAStreamSource(
            input: source.input, backoff: ReconnectBackoff(initial: 0.05, maximum: 0.1), counters: counters)
        let received = try await collectFixes(from: fast, count: 6)
        #expect(received.map(\.timestamp) == (first + second).map(\.timestamp))
        #expect(zip(received, first + second).allSatisfy { abs($0.latitude - $1.latitude) < 1e-6 && $0.source == "nmea" })
        let snapshot = counters.snapshot()
        // The listener still queues a third connection after its last script, so count at least two.
        #expect(snapshot.connections >= 2, "\(snapshot)")
        #expect(snapshot.fixes == 6 && snapshot.malformed == 1, "\(snapshot)")
    }

    @Test("a serial port (a pseudo-terminal here) is configured raw 8N1 and read")
    func serialPort() throws {
        let (master, path) = try PseudoTerminal.open()
        defer { close(master) }
        let source = try #require(try GPSSourceSpec(parsing: "nmea:\(path)?baud=9600").makeSource() as? NMEAStreamSource)
        let fixes = try Self.sentences(count: 4, startingAt: 0)
        let stop = StopFlag()
        let collected = Collected()
        let reader = Thread {
            try? source.run(stop: stop) { fix in
                if collected.append(fix) == fixes.count { stop.requestStop() }
            }
        }
        reader.start()
        // Give the reader time to open and configure the port before the bytes arrive.
        Thread.sleep(forTimeInterval: 0.3)
        let bytes = Array(NMEAWriter().log(for: fixes).utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        let deadline = Date().addingTimeInterval(5)
        while !stop.isStopRequested, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        stop.requestStop()
        #expect(collected.fixes.map(\.timestamp) == fixes.map(\.timestamp))
    }
}

/// Fixes gathered on a reader thread.
final class Collected: @unchecked Sendable {
    // Unchecked: `storage` is guarded by `lock`.
    private let lock = NSLock()
    private var storage: [GPSFix] = []

    /// Appends and returns the new count.
    func append(_ fix: GPSFix) -> Int {
        lock.lock()
        defer { lock.unlock() }
        storage.append(fix)
        return storage.count
    }

    var fixes: [GPSFix] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// Opens a pseudo-terminal pair; the slave side stands in for a USB GPS's serial device.
enum PseudoTerminal {
    // Glibc's module map hides the XSI pty functions, so they are looked up at run time.
    private typealias IntFromInt = @convention(c) (Int32) -> Int32
    private typealias NameFromInt = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

    static func open() throws -> (master: Int32, slavePath: String) {
        let handle = dlopen(nil, RTLD_NOW)
        func symbol(_ name: String) throws -> UnsafeMutableRawPointer {
            let address: UnsafeMutableRawPointer? = dlsym(handle, name)
            return try #require(address, "\(name) not found in libc")
        }
        let grant = unsafeBitCast(try symbol("grantpt"), to: IntFromInt.self)
        let unlock = unsafeBitCast(try symbol("unlockpt"), to: IntFromInt.self)
        let name = unsafeBitCast(try symbol("ptsname_r"), to: NameFromInt.self)
        let master = Glibc.open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0 && grant(master) == 0 && unlock(master) == 0)
        var buffer = [CChar](repeating: 0, count: 128)
        try #require(name(master, &buffer, buffer.count) == 0)
        return (master, String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
