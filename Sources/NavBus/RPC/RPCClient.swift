/// A JSON-RPC 2.0 client with a timeout and retries: the ZeroMQ Guide's "lazy pirate".
///
/// A REQ socket cannot recover from a lost reply, so after a timeout the client closes the socket, opens a new
/// one and sends the request again, up to `retries` times. Requests must therefore be safe to repeat, which all
/// navbus control methods are (they set state rather than toggle it). Not thread-safe.
public final class RPCClient {
    private let context: ZMQContext
    private let endpoint: String
    private var socket: ZMQSocket?
    private var nextID: Int64 = 1
    public var timeoutMilliseconds: Int
    public var retries: Int

    public init(context: ZMQContext, endpoint: String, timeoutMilliseconds: Int = 3000, retries: Int = 2) {
        self.context = context
        self.endpoint = endpoint
        self.timeoutMilliseconds = timeoutMilliseconds
        self.retries = retries
    }

    /// Sends a request and returns the whole response object (with `result` or `error`).
    /// - Throws: `RPCClientError` when no reply came after every retry, or the reply was not JSON-RPC.
    public func callRaw(_ method: String, params: JSONValue?) throws -> JSONValue {
        let id = nextID
        nextID += 1
        var request = JSONObject([("jsonrpc", .string("2.0")), ("id", .integer(id)), ("method", .string(method))])
        if let params { request["params"] = params }
        var writer = JSONWriter()
        writer.write(.object(request))
        let body = writer.bytes
        for _ in 0...retries {
            let socket = try connectedSocket()
            try socket.send(body)
            var poller = ZMQPoller()
            poller.addInput(socket)
            let ready = try poller.poll(timeoutMilliseconds: timeoutMilliseconds)
            if ready[0], let frames = try socket.receiveFrames(dontWait: true), let reply = frames.last {
                guard let response = try? JSONParser.parse(reply), case .object = response else {
                    throw RPCClientError(reason: "the server's reply is not a JSON object")
                }
                return response
            }
            // Lazy pirate: abandon the socket, whose REQ state machine now waits for a reply that may never come.
            socket.close()
            self.socket = nil
        }
        throw RPCClientError(
            reason: "no reply from \(endpoint) within \(timeoutMilliseconds) ms after \(retries + 1) attempts")
    }

    /// Calls `method` and returns its `result`.
    /// - Throws: `RPCError` when the server answered with an error; `RPCClientError` when it did not answer.
    public func call(_ method: String, params: JSONValue? = nil) throws -> JSONValue {
        let response = try callRaw(method, params: params)
        if let error = response["error"] {
            throw RPCError(
                code: Int(error["code"]?.int64Value ?? -32603), message: error["message"]?.stringValue ?? "unknown error",
                data: error["data"])
        }
        return response["result"] ?? .null
    }

    /// Calls `method` with typed parameters and decodes a typed result.
    public func call<Params: Encodable, Result: Decodable>(_ method: String, params: Params, result: Result.Type) throws
        -> Result
    {
        let raw = try JSONParser.parse(try StreamingJSONEncoder().encode(params))
        return try JSONValueDecoder().decode(Result.self, from: try call(method, params: raw))
    }

    private func connectedSocket() throws -> ZMQSocket {
        if let socket { return socket }
        let socket = try context.socket(.req)
        try socket.setLinger(milliseconds: 0)
        try context.security.secureClient(socket, endpoint: endpoint)
        try socket.connect(endpoint)
        self.socket = socket
        return socket
    }
}

/// The server did not answer usefully.
public struct RPCClientError: Error, CustomStringConvertible, Sendable {
    public let reason: String
    public var description: String { reason }
}
