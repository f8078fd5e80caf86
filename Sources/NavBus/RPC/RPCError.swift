/// A JSON-RPC 2.0 error object. Handlers throw it to answer with a specific code.
public struct RPCError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int
    public let message: String
    public let data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { "JSON-RPC error \(code): \(message)" }

    public static func parseError(_ detail: String) -> RPCError { RPCError(code: -32700, message: "Parse error: \(detail)") }
    public static func invalidRequest(_ detail: String) -> RPCError {
        RPCError(code: -32600, message: "Invalid Request: \(detail)")
    }
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "Method not found: '\(method)'")
    }
    public static func invalidParams(_ detail: String) -> RPCError {
        RPCError(code: -32602, message: "Invalid params: \(detail)")
    }
    public static func internalError(_ detail: String) -> RPCError {
        RPCError(code: -32603, message: "Internal error: \(detail)")
    }
    /// The caller's key may not call this method, or not for this vehicle (`Protocols/README.md`).
    public static func notAuthorized(_ detail: String) -> RPCError {
        RPCError(code: notAuthorizedCode, message: "Not authorized: \(detail)")
    }
    public static let notAuthorizedCode = -32010

    var json: JSONValue {
        var object = JSONObject([("code", .integer(Int64(code))), ("message", .string(message))])
        if let data { object["data"] = data }
        return .object(object)
    }
}
