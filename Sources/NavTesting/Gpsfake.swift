import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// gpsd's test harness, stopped with the gpsd it started by their process ids.
public final class Gpsfake {
    public static let path = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    public let port: Int
    private let process = Process()

    /// Replays `log` once on a free port, starting at once (`-n`), 0.2 s between sentences.
    public init(log: String) throws {
        guard let path = Self.path else {
            throw TestSupportError("gpsfake is missing: apt-get install gpsd gpsd-clients (make setup does)")
        }
        port = try Self.freePort()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-P", String(port), "-1", "-c", "0.2", "-n", log]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// SIGTERM to gpsfake and its gpsd, SIGKILL after a grace period: neither reliably exits on SIGTERM.
    public func stop() {
        let pid = process.processIdentifier
        let children = Self.children(of: pid)
        for child in children { kill(child, SIGTERM) }
        process.terminate()
        for _ in 0..<10 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(pid, SIGKILL) }
        for child in children { kill(child, SIGKILL) }
        process.waitUntilExit()
    }

    /// Process ids whose parent is `parent`, from `/proc/<pid>/stat` ("pid (comm) state ppid …").
    private static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
        }
    }

    /// A TCP port the kernel just handed out on loopback and released.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestSupportError("socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw TestSupportError("cannot bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
