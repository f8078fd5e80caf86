/// Why a map could not be read or written. Always names the file and what is wrong with it.
public struct MapError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, stable for programs to test.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let fileNotFound = Code(rawValue: "fileNotFound")
        public static let unsupportedFormat = Code(rawValue: "unsupportedFormat")
        public static let corrupt = Code(rawValue: "corrupt")
        public static let truncated = Code(rawValue: "truncated")
        public static let versionMismatch = Code(rawValue: "versionMismatch")
        public static let noRoads = Code(rawValue: "noRoads")
        public static let ioFailure = Code(rawValue: "ioFailure")
    }

    public var code: Code
    /// The file involved.
    public var path: String
    /// What is wrong, in words for a person.
    public var message: String

    public init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message) [\(code)]" }
}
