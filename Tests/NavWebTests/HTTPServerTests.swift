import NavCore
import Foundation
import NavWeb
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal HTTP/1.0 client on a raw socket, so the test reads the server's bytes as they arrive (a stream too).
struct RawHTTPClient {
    let port: Int

    /// Sends a GET and returns what arrives until `until` is satisfied, the server closes, or `timeout` passes.
    func get(_ target: String, timeout: Double = 5, until: (String) -> Bool = { _ in false }) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let request = Array("GET \(target) HTTP/1.0\r\nHost: localhost\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        let deadline = Date(timeIntervalSinceNow: timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
            if until(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}

@Suite(.serialized) struct HTTPServerTests {
    @Test func servesRoutesOverRealSockets() throws {
        let fleet = LiveFleet()
        let routes = WebRoutes(fleet: fleet, mapJSON: Array("{\"roads\":[]}".utf8))
        let server = try HTTPServer(address: ListenAddress(host: "127.0.0.1", port: 0), connectionLimit: 8) {
            routes.respond(to: $0)
        }
        defer {
            // As the service does: end the streams first, or stopping waits for their next keep-alive.
            fleet.closeAll()
            server.stop()
        }
        #expect(server.port > 0)
        let client = RawHTTPClient(port: server.port)
        let page = try client.get("/vehicle/a%20b?navigationHeaderEnabled=false")
        #expect(page.hasPrefix("HTTP/1.0 200") || page.hasPrefix("HTTP/1.1 200"))
        #expect(page.contains("Content-Type: text/html"))
        #expect(try client.get("/map.json").hasSuffix("{\"roads\":[]}"))
        #expect(try client.get("/nope").contains(" 404 "))

        fleet.apply(Samples.location(60.17, 24.94, at: Samples.time(0)), vehicle: "a b", at: Samples.time(0))
        // The query is percent-decoded, and the stream starts with the vehicle's state at once.
        let stream = try client.get("/events?vehicle=a%20b") { $0.contains("event: view") && $0.hasSuffix("\n\n") }
        #expect(stream.contains("Content-Type: text/event-stream"))
        #expect(stream.contains("\"vehicle\":\"a b\""))
    }

    @Test func aStreamEndsWhenTheServiceClosesIt() throws {
        let fleet = LiveFleet()
        let routes = WebRoutes(fleet: fleet, mapJSON: nil)
        let server = try HTTPServer(address: ListenAddress(host: "127.0.0.1", port: 0), connectionLimit: 8) {
            routes.respond(to: $0)
        }
        let reader = Thread {
            _ = try? RawHTTPClient(port: server.port).get("/events", timeout: 10)
        }
        reader.start()
        let deadline = Date(timeIntervalSinceNow: 5)
        while fleet.clientCount == 0 && Date() < deadline { usleep(10_000) }
        #expect(fleet.clientCount == 1)
        fleet.closeAll()
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func aTakenPortIsAClearError() throws {
        let first = try HTTPServer(address: ListenAddress(host: "127.0.0.1", port: 0), connectionLimit: 2) { _ in
            .text("x", status: 200)
        }
        defer { first.stop() }
        #expect(throws: HTTPServerError.self) {
            try HTTPServer(address: ListenAddress(host: "127.0.0.1", port: first.port), connectionLimit: 2) { _ in
                .text("x", status: 200)
            }
        }
    }
}
