public import NavProtocol

/// Log lines on standard output, for piping (`navbus-logger --stdout | jq ...`). Never rotates; a reader that
/// does not keep up makes the queue fill, and the logger drops (and counts) lines rather than slowing the bus.
public struct StandardOutputLog: LogOutput {
    private var buffer: [UInt8] = []

    public init() {}

    public mutating func append(_ line: [UInt8], at time: Timestamp) throws(LogOutputError) {
        buffer.append(contentsOf: line)
    }

    public mutating func flush() throws(LogOutputError) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try FileDescriptor.standardOutput.writeAll(buffer)
    }

    /// Pipes and terminals have nothing to synchronize.
    public mutating func synchronize() throws(LogOutputError) {}

    public mutating func close() {
        try? flush()
    }
}
