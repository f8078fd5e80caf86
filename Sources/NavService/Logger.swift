import NavProtocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small structured logger writing one line per event to standard error:
/// `2026-11-29T18:55:00.123Z info navbus-proxy: forwarding ...`.
///
/// Libraries never create one; processes make one in `main.swift` and pass it down.
public struct Logger: Sendable {
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case debug, info, warning, error

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        public var name: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }

        public init?(name: String) {
            guard let level = Level.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
            self = level
        }
    }

    public let label: String
    public var level: Level

    public init(label: String, level: Level = .info) {
        self.label = label
        self.level = level
    }

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level >= self.level else { return }
        let line = "\(Timestamp.now().rfc3339) \(level.name) \(label): \(message())\n"
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            _ = write(STDERR_FILENO, buffer.baseAddress, buffer.count)
        }
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
