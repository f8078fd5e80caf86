/// Why a session could not be saved or read.
public struct SessionStoreError: Error, Sendable, CustomStringConvertible {
    /// The file involved.
    public var path: String
    /// What went wrong.
    public var message: String

    public var description: String { "\(path): \(message)" }
}
