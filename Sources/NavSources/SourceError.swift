/// The error every NavSources API throws: a machine-readable code and a message meant for a person.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable, Equatable {
        /// A `--source` string or one of its parameters is malformed.
        case invalidSpec
        /// A simulation option (speed profile, multiplier, …) is out of range or malformed.
        case invalidOption
        /// A route given to the simulator is inconsistent.
        case invalidRoute
        /// A file is missing or cannot be read.
        case io
        /// A network peer or device could not be reached or went away.
        case connection
        /// Input (GPX, JSON) could not be parsed.
        case parse
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
