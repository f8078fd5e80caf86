/// Why a leg or route handed to the engine cannot be followed.
public struct GuidanceRouteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable machine-readable code, such as `tooFewPoints` or `segmentCountMismatch`.
    public var code: String
    /// What is wrong, for people.
    public var message: String

    /// Creates an error with a code and a message.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
