public import NavProtocol

/// Decides which file each log line goes to: a new file when the UTC day changes or when the line would take
/// the current file past `maximumBytes`.
///
/// It never reuses a file that existed before it started: after a restart (or a crash that may have left a half
/// line at the end of the last file) the logger continues with the next index of the day.
public struct LogRotation: Sendable {
    /// Where a line goes.
    public enum Placement: Sendable, Equatable {
        /// Append to the current file.
        case current
        /// Close the current file (if any) and start this one.
        case newFile(LogFileName)
    }

    /// A file is rotated before it would grow past this size; a single longer line gets a file of its own.
    public let maximumBytes: Int
    public let prefix: String
    /// The file being written, `nil` before the first line.
    public private(set) var current: LogFileName?
    /// Bytes placed in the current file so far.
    public private(set) var currentBytes = 0
    private var highestIndex: [UTCDay: Int] = [:]

    /// - Parameters:
    ///   - maximumBytes: the size at which files rotate; at least 1.
    ///   - existingFileNames: the names already in the directory, so their indices are not reused.
    public init(maximumBytes: Int, prefix: String = LogFileName.defaultPrefix, existingFileNames: [String] = []) {
        precondition(maximumBytes >= 1, "maximumBytes must be positive")
        self.maximumBytes = maximumBytes
        self.prefix = prefix
        for name in existingFileNames {
            guard let parsed = LogFileName(parsing: name, prefix: prefix) else { continue }
            highestIndex[parsed.day] = max(highestIndex[parsed.day] ?? 0, parsed.index)
        }
    }

    /// Places a line of `byteCount` bytes written at `time` and counts it against the chosen file.
    public mutating func place(byteCount: Int, at time: Timestamp) -> Placement {
        let day = UTCDay(time)
        if let current, current.day == day, currentBytes == 0 || currentBytes + byteCount <= maximumBytes {
            currentBytes += byteCount
            return .current
        }
        let index = (highestIndex[day] ?? 0) + 1
        highestIndex[day] = index
        let name = LogFileName(prefix: prefix, day: day, index: index)
        current = name
        currentBytes = byteCount
        return .newFile(name)
    }
}
