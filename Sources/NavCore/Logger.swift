/// How severe a log line is.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    public var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// The level called `name` (case-insensitive), or nil.
    public init?(name: String) {
        guard let level = LogLevel.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = level
    }
}

/// Where log lines go. Processes write them to standard error; tests capture them.
public protocol LogSink: Sendable {
    func write(level: LogLevel, label: String, message: String)
}

/// A sink that drops everything.
public struct DiscardingLogSink: LogSink {
    public init() {}
    public func write(level: LogLevel, label: String, message: String) {}
}

/// A small structured logger: a label, a minimum level and a sink.
///
/// Libraries never create one of their own or print; they take one. Messages below the level are not even
/// formatted.
public struct Logger: Sendable {
    public typealias Level = LogLevel

    public let label: String
    public var level: LogLevel
    public let sink: any LogSink

    public init(label: String, level: LogLevel = .info, sink: any LogSink) {
        self.label = label
        self.level = level
        self.sink = sink
    }

    /// A logger that writes nothing.
    public static let silent = Logger(label: "silent", level: .error, sink: DiscardingLogSink())

    /// The same sink and level under another label (a component of the process).
    public func labelled(_ label: String) -> Logger { Logger(label: label, level: level, sink: sink) }

    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level >= self.level else { return }
        sink.write(level: level, label: label, message: message())
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
