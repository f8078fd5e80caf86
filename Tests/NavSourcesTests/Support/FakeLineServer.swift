import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny TCP server on 127.0.0.1 (a free port chosen by the kernel) that plays one script per accepted
/// connection: optionally waits for a request line, sends lines, then closes. Stands in for gpsd or an
/// NMEA multiplexer.
final class FakeLineServer: @unchecked Sendable {
    // Unchecked: `requests` is guarded by `lock`; the descriptor is only closed in `stop()`.
    struct Script: Sendable {
        var waitsForRequest: Bool
        var lines: [String]
        /// Pause between lines, seconds.
        var interval: Double = 0.01
    }

    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var receivedRequests: [String] = []
    private var stopped = false

    init(scripts: [Script]) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve(scripts) }
        thread.start()
    }

    /// Request lines received, one per connection that sent one.
    var requests: [String] {
        lock.lock()
        defer { lock.unlock() }
        return receivedRequests
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func serve(_ scripts: [Script]) {
        for script in scripts {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            if script.waitsForRequest {
                var request = [UInt8]()
                var byte: UInt8 = 0
                while recv(connection, &byte, 1, 0) == 1, byte != 0x0A { request.append(byte) }
                lock.lock()
                receivedRequests.append(String(decoding: request, as: UTF8.self))
                lock.unlock()
            }
            for line in script.lines where !isStopped {
                let bytes = Array((line + "\r\n").utf8)
                _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                Thread.sleep(forTimeInterval: script.interval)
            }
            close(connection)
        }
    }
}
