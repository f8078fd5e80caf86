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

    /// The reply for a request that a later one supersedes, or `nil` when it must be handled.
    func supersededReply(to body: [UInt8], laterBodies: [[UInt8]]) -> [UInt8]? {
        guard !supersessions.isEmpty, !laterBodies.isEmpty, let request = Self.call(in: body),
            let supersession = supersessions[request.method], let key = supersession.key(request.params),
            let id = request.id
        else { return nil }
        let superseded = laterBodies.contains { later in
            guard let newer = Self.call(in: later), supersession.newerMethods.contains(newer.method) else {
                return false
            }
            return supersession.key(newer.params) == key
        }
        guard superseded else { return nil }
        counters.add("rpcRequests")
        counters.add("rpcSuperseded")
        var writer = JSONWriter()
        writer.raw("{\"jsonrpc\":\"2.0\",\"id\":")
        writer.write(id)
        writer.raw(",\"result\":")
        writer.raw(bytes: supersession.result.bytes)
        writer.raw(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// The method, params and id of a single well-formed request; batches and anything malformed are left
    /// to the normal path.
    private static func call(in body: [UInt8]) -> (method: String, params: JSONValue, id: JSONValue?)? {
        guard let document = try? JSONParser.parse(body), case .object(let object) = document,
            object["jsonrpc"] == .string("2.0"), case .string(let method) = object["method"]
        else { return nil }
        return (method, object["params"] ?? .object(JSONObject()), object["id"])
    }
}
