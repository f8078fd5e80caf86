/// An ACL file that cannot be used, with the member that is wrong.
public struct AccessControlError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
