/// Counters of what an NMEA decoder saw, for heartbeats and diagnostics.
public struct NMEAStatistics: Sendable, Equatable {
    /// Sentences parsed and used.
    public var acceptedSentences = 0
    /// Lines skipped, by reason.
    public var rejected: [NMEAError.Code: Int] = [:]
    /// Fixes produced.
    public var fixes = 0
    /// Valid fixes dropped because the input never stated their date (no RMC or ZDA date).
    public var fixesWithoutDate = 0

    public init() {}

    /// All skipped lines except harmless unsupported sentence types: the count of truly malformed input.
    public var malformed: Int {
        rejected.filter { $0.key != .unsupportedSentence }.values.reduce(0, +)
    }

    mutating func record(_ error: NMEAError) {
        rejected[error.code, default: 0] += 1
    }
}
