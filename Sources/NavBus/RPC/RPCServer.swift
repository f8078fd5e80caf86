/// A JSON-RPC 2.0 server on a ROUTER socket.
///
/// ROUTER keeps a queue per client, so one slow client cannot block another; clients may use REQ or DEALER.
/// Requests are answered in arrival order on the caller's thread (normally a `Reactor`), which is what makes
/// handlers safe to touch the service's state without locks. Batches and notifications are supported.
public final class RPCServer {
    /// Takes the `params` and returns the encoded `result`.
    public typealias Handler = (JSONValue) throws -> EncodedJSON

    public let socket: ZMQSocket
    private var handlers: [String: Handler] = [:]
    /// Requests that a newer queued request makes pointless, by method (see ``supersede(_:by:key:with:)``).
    var supersessions: [String: Supersession] = [:]
    let counters: BusCounters
    /// Frames larger than this are answered with an Invalid Request error without being parsed.
    public var maximumRequestSize = 4 << 20

    /// Binds a server to `endpoint` (for example `NAVBUS_NAVIGATOR_ENDPOINT`).
    /// - Throws: `ZMQError` when the endpoint is malformed or already in use.
    public init(context: ZMQContext, endpoint: String, counters: BusCounters) throws(ZMQError) {
        socket = try context.socket(.router)
        self.counters = counters
        try socket.setRouterMandatory(false)
        try socket.bind(endpoint)
    }

    /// The names of the registered methods, sorted.
    public var methods: [String] { handlers.keys.sorted() }

    /// Registers a method with untyped parameters and result.
    public func register(_ method: String, _ handler: @escaping (JSONValue) throws -> JSONValue) {
        handlers[method] = { try EncodedJSON(encoding: try handler($0)) }
    }

    /// Registers a method with typed parameters and result. Absent parameters decode as an empty object,
    /// so methods whose parameters are all optional can be called without `params`.
    public func register<Params: Decodable, Result: Encodable>(
        _ method: String, params: Params.Type, _ handler: @escaping (Params) throws -> Result
    ) {
        handlers[method] = { raw in
            guard case .object = raw else {
                throw RPCError.invalidParams("params must be an object with named members, got \(raw.kindDescription)")
            }
            let decoded: Params
            do {
                decoded = try JSONValueDecoder().decode(Params.self, from: raw)
            } catch {
                throw RPCError.invalidParams(JSONValueDecoder.describe(error))
            }
            // Encoded once, straight into the reply: a route with its geometry is large.
            return try EncodedJSON(encoding: try handler(decoded))
        }
    }

    /// Answers every request already queued, without waiting.
    ///
    /// Requests are read ahead before each is handled, so one that a newer queued request supersedes is
    /// answered with its superseded result instead of being run (requests that came in while an earlier
    /// one was being handled count as queued).
    public func drain() throws(ZMQError) {
        var queue: [[[UInt8]]] = []
        while let frames = try socket.receiveFrames(dontWait: true) { queue.append(frames) }
        while !queue.isEmpty {
            let frames = queue.removeFirst()
            // ROUTER frames: the client's identity, an empty delimiter when the client is REQ, then the body.
            if frames.count >= 2, let body = frames.last {
                let routing = Array(frames.dropLast())
                let later = queue.compactMap(\.last)
                if let reply = supersededReply(to: body, laterBodies: later) ?? respond(to: body) {
                    _ = try socket.send(frames: routing + [reply], dontWait: true)
                }
            }
            while let frames = try socket.receiveFrames(dontWait: true) { queue.append(frames) }
        }
    }

    /// Computes the reply to one request body; `nil` when nothing must be sent (notifications only).
    public func respond(to body: [UInt8]) -> [UInt8]? {
        counters.add("rpcRequests")
        guard body.count <= maximumRequestSize else {
            return reply(id: .null, .failure(.invalidRequest("request of \(body.count) bytes is too large"))).bytes
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            return reply(id: .null, .failure(.parseError(error.description))).bytes
        }
        if case .array(let batch) = document {
            guard !batch.isEmpty else { return reply(id: .null, .failure(.invalidRequest("empty batch"))).bytes }
            let replies = batch.compactMap(handle)
            guard !replies.isEmpty else { return nil }
            var writer = JSONWriter()
            writer.raw(UInt8(ascii: "["))
            for (index, reply) in replies.enumerated() {
                if index > 0 { writer.raw(UInt8(ascii: ",")) }
                writer.raw(bytes: reply.bytes)
            }
            writer.raw(UInt8(ascii: "]"))
            return writer.bytes
        }
        return handle(document)?.bytes
    }

    private func handle(_ request: JSONValue) -> EncodedJSON? {
        guard case .object(let object) = request else {
            return reply(id: .null, .failure(.invalidRequest("a request must be an object, got \(request.kindDescription)")))
        }
        let id = object["id"]
        if let id {
            switch id {
            case .string, .integer, .number, .null: break
            default: return reply(id: .null, .failure(.invalidRequest("id must be a string, a number or null")))
            }
        }
        guard object["jsonrpc"] == .string("2.0") else {
            return reply(id: id ?? .null, .failure(.invalidRequest("member 'jsonrpc' must be \"2.0\"")))
        }
        guard case .string(let method) = object["method"] else {
            return reply(id: id ?? .null, .failure(.invalidRequest("member 'method' must be a string")))
        }
        let params = object["params"] ?? .object(JSONObject())
        switch params {
        case .object, .array: break
        default: return reply(id: id ?? .null, .failure(.invalidRequest("member 'params' must be an object or an array")))
        }
        let outcome: Result<EncodedJSON, RPCError>
        if let handler = handlers[method] {
            do {
                outcome = .success(try handler(params))
            } catch let error as RPCError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(.internalError("\(error)"))
            }
        } else {
            outcome = .failure(.methodNotFound(method))
        }
        // A request without an id is a notification: it gets no reply, not even an error.
        guard let id else { return nil }
        return reply(id: id, outcome)
    }

    /// A response object: `{"jsonrpc":"2.0","id":…,"result":…}` or `{…,"error":{…}}`.
    private func reply(id: JSONValue, _ outcome: Result<EncodedJSON, RPCError>) -> EncodedJSON {
        var writer = JSONWriter()
        writer.raw("{\"jsonrpc\":\"2.0\",\"id\":")
        writer.write(id)
        switch outcome {
        case .success(let result):
            writer.raw(",\"result\":")
            writer.raw(bytes: result.bytes)
        case .failure(let error):
            counters.add("rpcErrors")
            writer.raw(",\"error\":")
            writer.write(error.json)
        }
        writer.raw(UInt8(ascii: "}"))
        return EncodedJSON(bytes: writer.bytes)
    }
}
