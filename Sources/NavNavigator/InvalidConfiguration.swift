/// A `navigator.configure` value out of its range; the control API answers it as invalid params.
public struct InvalidConfiguration: Error, CustomStringConvertible, Sendable, Equatable {
    /// The member path of the value, e.g. `speedAlertOptions.majorPercentage`.
    public let parameter: String
    /// What is wrong with it, e.g. "must be a non-negative number, got -1".
    public let reason: String

    public init(parameter: String, reason: String) {
        self.parameter = parameter
        self.reason = reason
    }

    public var description: String { "\(parameter) \(reason)" }
}
