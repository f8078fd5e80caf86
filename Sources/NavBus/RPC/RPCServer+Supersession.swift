/// Superseded requests: a request whose effect a newer queued request would undo at once (a route asked
/// for while a newer one for the same vehicle waits) is answered without being run.
extension RPCServer {
    /// What makes a request superseded, and its answer then.
    struct Supersession {
        var newerMethods: Set<String>
        var key: (JSONValue) -> String?
        var result: EncodedJSON
    }

    /// Declares that a `method` request is superseded by a later queued request of one of `newer` methods
    /// with the same key.
    /// - Parameters:
    ///   - method: The method whose requests may be superseded.
    ///   - newer: Methods whose requests supersede it.
    ///   - key: The key of a request's `params` (such as its vehicle); `nil` never matches.
    ///   - result: The result a superseded request gets.
    /// - Throws: When `result` cannot be encoded.
    public func supersede(
        _ method: String, by newer: Set<String>, key: @escaping (JSONValue) -> String?, with result: some Encodable
    ) throws {
        supersessions[method] = Supersession(newerMethods: newer, key: key, result: try EncodedJSON(encoding: result))
    }

    /// The reply for a request that a later waiting one supersedes, or `nil` when it must be handled.
    func supersededReply(to request: JSONValue, later: [JSONValue]) -> EncodedJSON? {
        guard !supersessions.isEmpty, !later.isEmpty, let call = Self.call(in: request),
            let supersession = supersessions[call.method], let key = supersession.key(call.params), let id = call.id
        else { return nil }
        let superseded = later.contains { newer in
            guard let newer = Self.call(in: newer), supersession.newerMethods.contains(newer.method) else {
                return false
            }
            return supersession.key(newer.params) == key
        }
        guard superseded else { return nil }
        counters.add("rpcSuperseded")
        var writer = JSONWriter()
        writer.raw("{\"jsonrpc\":\"2.0\",\"id\":")
        writer.write(id)
        writer.raw(",\"result\":")
        writer.raw(bytes: supersession.result.bytes)
        writer.raw(UInt8(ascii: "}"))
        return EncodedJSON(bytes: writer.bytes)
    }

    /// The method, params and id of a well-formed request; anything malformed is left to the normal path.
    private static func call(in request: JSONValue) -> (method: String, params: JSONValue, id: JSONValue?)? {
        guard case .object(let object) = request, object["jsonrpc"] == .string("2.0"),
            case .string(let method) = object["method"]
        else { return nil }
        return (method, object["params"] ?? .object(JSONObject()), object["id"])
    }
}
