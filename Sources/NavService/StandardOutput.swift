#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes to standard output, so a line reaches a pipe (`navbus sub | jq`) the moment it is printed.
public enum StandardOutput {
    public static func writeLine(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        write(bytes)
    }

    /// Writes `bytes` as they are (include the newline).
    public static func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return  // the reader went away (EPIPE); nothing useful is left to do with the line
            }
            offset += written
        }
    }
}
