#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open POSIX file descriptor with the few calls the logger needs, retrying interrupted and partial writes.
struct FileDescriptor: Sendable {
    let raw: Int32

    static let standardOutput = FileDescriptor(raw: STDOUT_FILENO)

    /// Opens `path` for appending, creating it with mode 0644.
    static func openForAppending(_ path: String) throws(LogOutputError) -> FileDescriptor {
        let raw = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard raw >= 0 else { throw LogOutputError("cannot open \(path): \(Self.lastError())") }
        return FileDescriptor(raw: raw)
    }

    /// Opens a directory so it can be synchronized after a file was created in it.
    static func openDirectory(_ path: String) throws(LogOutputError) -> FileDescriptor {
        let raw = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard raw >= 0 else { throw LogOutputError("cannot open directory \(path): \(Self.lastError())") }
        return FileDescriptor(raw: raw)
    }

    /// Writes `bytes`, which end with a newline, so that the file only ever holds whole lines.
    ///
    /// A full disk (`ENOSPC`), a quota or a file size limit (`EFBIG`) can stop a write half way through a line.
    /// The file is then cut back to the end of the last whole line written, so a reader never meets a torn
    /// record, and the error says how many lines did get written.
    func writeAll(_ bytes: [UInt8]) throws(LogOutputError) {
        let start = lseek(raw, 0, SEEK_END)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(raw, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                let kept = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                if start >= 0 { _ = ftruncate(raw, start + off_t(kept)) }
                throw LogOutputError(
                    "write failed: \(String(cString: strerror(code)))", linesWritten: bytes[..<kept].count { $0 == 10 },
                    isDiskFull: code == ENOSPC || code == EFBIG || code == EDQUOT)
            }
            offset += written
        }
    }

    func synchronize() throws(LogOutputError) {
        guard fsync(raw) == 0 else { throw LogOutputError("fsync failed: \(Self.lastError())") }
    }

    func close() {
        _ = Glibc.close(raw)
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
