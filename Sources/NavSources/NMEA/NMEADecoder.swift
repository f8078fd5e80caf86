public import NavProtocol

/// Turns a raw NMEA byte stream (serial port, TCP, file, stdin) into fixes: splits lines on CR, LF or
/// CRLF, parses each, counts and skips bad ones, and assembles epochs.
public struct NMEADecoder: Sendable {
    public var parser: NMEAParser
    public var assembler: NMEAFixAssembler
    public private(set) var statistics = NMEAStatistics()

    private var line: [UInt8] = []
    private var discardingLongLine = false
    /// Longer than any standard sentence (82 bytes) with room for chatty proprietary ones.
    static let maximumLineLength = 1024

    public init(parser: NMEAParser = NMEAParser(), assembler: NMEAFixAssembler = NMEAFixAssembler()) {
        self.parser = parser
        self.assembler = assembler
        line.reserveCapacity(128)
    }

    /// Feeds bytes in whatever chunks they arrived; returns the fixes completed by them.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [GPSFix] {
        var fixes = [GPSFix]()
        for byte in bytes {
            if byte == 0x0A || byte == 0x0D {
                if discardingLongLine {
                    discardingLongLine = false
                } else if !line.isEmpty {
                    handleLine(into: &fixes)
                }
                line.removeAll(keepingCapacity: true)
            } else if !discardingLongLine {
                line.append(byte)
                if line.count > Self.maximumLineLength {
                    statistics.record(NMEAError(.lineTooLong, "line longer than \(Self.maximumLineLength) bytes"))
                    discardingLongLine = true
                    line.removeAll(keepingCapacity: true)
                }
            }
        }
        return fixes
    }

    /// Ends the stream: parses a last unterminated line and flushes the epoch in progress.
    /// - Parameter placeholderDay: see ``NMEAFixAssembler/finish(placeholderDay:)``.
    public mutating func finish(placeholderDay: Int? = nil) -> [GPSFix] {
        var fixes = [GPSFix]()
        if !line.isEmpty, !discardingLongLine { handleLine(into: &fixes) }
        line.removeAll()
        let last = assembler.finish(placeholderDay: placeholderDay)
        statistics.fixes += last.count
        statistics.fixesWithoutDate = assembler.fixesWithoutDate
        return fixes + last
    }

    private mutating func handleLine(into fixes: inout [GPSFix]) {
        // Whitespace-only lines are blank separators, not errors.
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        do {
            let sentence = try parser.parse(bytes: line[...])
            statistics.acceptedSentences += 1
            let completed = assembler.add(sentence)
            statistics.fixes += completed.count
            statistics.fixesWithoutDate = assembler.fixesWithoutDate
            fixes += completed
        } catch {
            statistics.record(error)
        }
    }

    /// Decodes a whole log at once (for replay and tests).
    public static func fixes(in text: String, parser: NMEAParser = NMEAParser()) -> (fixes: [GPSFix], statistics: NMEAStatistics) {
        var decoder = NMEADecoder(parser: parser)
        let fixes = decoder.decode(text.utf8) + decoder.finish()
        return (fixes, decoder.statistics)
    }
}
