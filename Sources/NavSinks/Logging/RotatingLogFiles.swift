import Foundation
public import NavProtocol

/// Log files in one directory, named and rotated by ``LogRotation``.
///
/// Lines are buffered in memory between flushes; `flush` writes them with one `write(2)` per file and
/// `synchronize` calls `fsync(2)` on the file (and on the directory after a file was created, so the new name
/// survives a power loss too). The value owns open files: keep one copy of it (the writer thread's).
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
        if case .newFile = rotation.place(byteCount: line.count, at: time) {
            try closeFile()
        }
        if file == nil, let name = rotation.current {
            // Opened here rather than at rotation, so a file that could not be opened is tried again with the next
            // line instead of leaving lines piling up in memory.
            file = try FileDescriptor.openForAppending(directory + "/" + name.description)
            openedFiles.append(name.description)
            createdFileSinceSync = true
        }
        buffer.append(contentsOf: line)
    }

    public mutating func flush() throws(LogOutputError) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard let file else { throw LogOutputError("no log file is open") }
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
        try? closeFile()
        try? synchronize()
    }

    /// Flushes, synchronizes and closes the current file; it is closed even when that fails.
    private mutating func closeFile() throws(LogOutputError) {
        guard let file else { return }
        defer {
            file.close()
            self.file = nil
        }
        try flush()
        try file.synchronize()
    }
}
