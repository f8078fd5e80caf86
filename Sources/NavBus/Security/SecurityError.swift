/// Why keys or an access control list could not be used. Always names the file and what to do about it.
public struct SecurityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, stable for programs to test.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let unreadable = Code(rawValue: "unreadable")
        /// A secret key file that group or others may read.
        public static let exposedSecretKey = Code(rawValue: "exposedSecretKey")
        public static let notAKey = Code(rawValue: "notAKey")
        public static let invalidAccessControl = Code(rawValue: "invalidAccessControl")
        public static let curveUnavailable = Code(rawValue: "curveUnavailable")
        public static let cannotWrite = Code(rawValue: "cannotWrite")
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

    public var description: String { "\(path): \(message)" }
}
