/// Why a line of NMEA 0183 was skipped. Bad input is never fatal: decoders count these and go on.
public struct NMEAError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, stable enough to be used as a counter name.
    public enum Code: String, Sendable, Hashable, CaseIterable, Comparable {
        /// No `$` in the line: noise, or a fragment after a lost line break.
        case noSentenceStart
        /// The `*hh` checksum does not match the XOR of the sentence, or is not two hex digits.
        case badChecksum
        /// No `*hh` at all, rejected unless the decoder accepts checksum-less sentences.
        case missingChecksum
        /// Bytes outside printable ASCII inside the sentence.
        case invalidCharacters
        /// Fewer fields than the sentence type needs: usually a truncated line.
        case tooFewFields
        /// A field that should be a number, time, date, coordinate or flag is not.
        case malformedField
        /// A sentence type this parser does not read (GSA, GSV, proprietary `$P…`, …); harmless.
        case unsupportedSentence
        /// A line longer than any NMEA sentence, dropped without parsing.
        case lineTooLong

        public static func < (lhs: Code, rhs: Code) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
