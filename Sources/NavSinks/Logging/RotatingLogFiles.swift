import Foundation
public import NavProtocol

/// Log files in one directory, named and rotated by ``LogRotation``.
///
/// Lines are buffered in memory between flushes; `flush` writes them with one `write(2)` per file and
/// `synchronize` calls `fsync(2)` on the file (and on the directory after a file was created, so the new name
/// survives a power loss too).
public struct RotatingLogFiles: LogOutput {
    public let directory: String
    private var rotation: LogRotation
    private var file: FileDescriptor?
    private var buffer: [UInt8] = []
    private var createdFileSinceSync = false
    /// Names of the files opened so far, oldest first.
    public private(set) var openedFiles: [String] = []

    /// Creates `directory` when missing and prepares to write there.
    /// - Throws: `LogOutputError` when the directory cannot be created or read.
    public init(directory: String, maximumBytes: Int, prefix: String = LogFileName.defaultPrefix)
        throws(LogOutputError)
    {
        self.directory = directory
        let existing: [String]
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            existing = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw LogOutputError("cannot use log directory \(directory): \(error.localizedDescription)")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw LogOutputError("log directory \(directory) is not writable")
        }
        rotation = LogRotation(maximumBytes: maximumBytes, prefix: prefix, existingFileNames: existing)
    }

    public mutating func append(_ line: [UInt8], at time: Timestamp) throws(LogOutputError) {
        if case .newFile(let name) = rotation.place(byteCount: line.count, at: time) {
            try flush()
            if let file {
                try file.synchronize()
                file.close()
                self.file = nil
            }
            file = try FileDescriptor.openForAppending(directory + "/" + name.description)
            openedFiles.append(name.description)
            createdFileSinceSync = true
        }
        buffer.append(contentsOf: line)
    }

    public mutating func flush() throws(LogOutputError) {
        guard !buffer.isEmpty, let file else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try file.writeAll(buffer)
    }

    public mutating func synchronize() throws(LogOutputError) {
        try file?.synchronize()
        if createdFileSinceSync {
            let directoryFile = try FileDescriptor.openDirectory(directory)
            defer { directoryFile.close() }
            try directoryFile.synchronize()
            createdFileSinceSync = false
        }
    }

    public mutating func close() {
        try? flush()
        try? synchronize()
        file?.close()
        file = nil
    }
}
