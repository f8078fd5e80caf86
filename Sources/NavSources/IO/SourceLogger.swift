public import NavCore

/// Severity of a message from a source.
public enum SourceLogLevel: String, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error

    public static func < (lhs: SourceLogLevel, rhs: SourceLogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Where sources report connections, reconnects and skipped input; the feeder forwards it to its logger.
/// Libraries never print.
public typealias SourceLogger = @Sendable (_ level: SourceLogLevel, _ message: String) -> Void

/// A logger that drops everything.
public let silentSourceLogger: SourceLogger = { _, _ in }
