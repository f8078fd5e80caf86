/// The name of one log file: `<prefix>-<YYYY-MM-DD>-<NNN>.jsonl`, e.g. `navbus-2026-11-29-001.jsonl`.
///
/// The day is the UTC day the file's lines were written; the index counts the files of that day from 1, with at
/// least three digits so that names sort in the order they were written (up to 999 files a day).
public struct LogFileName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let defaultPrefix = "navbus"
    public static let fileExtension = "jsonl"

    public let prefix: String
    public let day: UTCDay
    /// 1 for the first file of the day.
    public let index: Int

    public init(prefix: String = LogFileName.defaultPrefix, day: UTCDay, index: Int) {
        precondition(index >= 1, "log file indices start at 1")
        self.prefix = prefix
        self.day = day
        self.index = index
    }

    /// Recognises a file name this type writes with the given prefix; `nil` for any other file.
    public init?(parsing name: String, prefix: String = LogFileName.defaultPrefix) {
        let head = prefix + "-"
        let tail = "." + Self.fileExtension
        guard name.hasPrefix(head), name.hasSuffix(tail) else { return nil }
        let middle = name.dropFirst(head.count).dropLast(tail.count)
        // YYYY-MM-DD-NNN: a 10-character day, a dash, then the index.
        guard middle.count >= 14, let day = UTCDay(text: String(middle.prefix(10))) else { return nil }
        let rest = middle.dropFirst(10)
        guard rest.first == "-", let index = Int(rest.dropFirst()), index >= 1,
            rest.dropFirst().allSatisfy(\.isASCII)
        else { return nil }
        self.init(prefix: prefix, day: day, index: index)
    }

    /// The file name, without a directory.
    public var description: String {
        let digits = String(index)
        let padded = String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        return "\(prefix)-\(day)-\(padded).\(Self.fileExtension)"
    }

    public static func < (lhs: LogFileName, rhs: LogFileName) -> Bool {
        (lhs.day, lhs.index) < (rhs.day, rhs.index)
    }
}
