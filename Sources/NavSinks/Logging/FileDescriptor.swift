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

    func writeAll(_ bytes: [UInt8]) throws(LogOutputError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(raw, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw LogOutputError("write failed: \(Self.lastError())")
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
