public import NavProtocol

/// Why the logger could not write.
public struct LogOutputError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String
    /// Whole lines of the failed batch that did reach the file before the failure.
    public let linesWritten: Int
    /// Whether the disk (or the quota, or the file size limit) is full.
    public let isDiskFull: Bool

    public init(_ message: String, linesWritten: Int = 0, isDiskFull: Bool = false) {
        self.message = message
        self.linesWritten = linesWritten
        self.isDiskFull = isDiskFull
    }
    public var description: String { message }
}

/// Where the logger's writer thread puts lines: rotating files or standard output.
///
/// The writer calls `append` for each line, `flush` after each batch (the bytes reach the kernel, so they survive
/// a crash of the logger) and `synchronize` once a second (the bytes reach the disk, so they survive a crash of
/// the machine).
public protocol LogOutput: Sendable {
    /// Buffers one complete line (with its newline) written at `time`.
    mutating func append(_ line: [UInt8], at time: Timestamp) throws(LogOutputError)
    /// Hands every buffered byte to the kernel.
    mutating func flush() throws(LogOutputError)
    /// Makes flushed bytes durable.
    mutating func synchronize() throws(LogOutputError)
    /// Flushes, synchronizes and releases the output.
    mutating func close()
}
