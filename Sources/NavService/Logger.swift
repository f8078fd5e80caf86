public import NavCore
import NavProtocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes one line per event to standard error: `2026-11-29T18:55:00.123Z info navbus-proxy: forwarding ...`.
///
/// Each line is one `write(2)`, so lines from several threads never interleave.
public struct StandardErrorLog: LogSink {
    public init() {}

    public func write(level: LogLevel, label: String, message: String) {
        var bytes = Array("\(Timestamp.now().rfc3339) \(level.name) \(label): \(message)\n".utf8)
        bytes.withUnsafeMutableBytes { buffer in
            _ = Glibc.write(STDERR_FILENO, buffer.baseAddress, buffer.count)
        }
    }
}

extension Logger {
    /// A process's logger: lines to standard error under `label`.
    public init(label: String, level: LogLevel = .info) {
        self.init(label: label, level: level, sink: StandardErrorLog())
    }
}
