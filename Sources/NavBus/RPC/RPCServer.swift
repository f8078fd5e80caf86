import NavCore
import NavProtocol

/// A JSON-RPC 2.0 server on a ROUTER socket.
///
/// ROUTER keeps a queue per client, so one slow client cannot block another; clients may use REQ or DEALER.
/// Requests are answered on the caller's thread (normally a `Reactor`), which is what makes handlers safe to
/// touch the service's state without locks. Batches and notifications are supported.
///
/// Fairness: a batch holds at most ``maximumBatchSize`` requests, and ``drain()`` spends at most ``turnBudget``
/// seconds in handlers before it returns to the loop, taking one request of each waiting message in turn. So a
/// client sending heavy batches (32 routes of 25 waypoints) gets its answer a little later, while other
/// clients' calls and the bus messages of every other vehicle go on between its requests.
///
/// With CURVE keys in the context the server lets in only the clients of its access control list, and answers
/// each request only if the caller's `call` patterns name the method and its `vehicles` include the request's
/// `vehicle`; otherwise it answers `-32010` (counted as `callDenied`).
public final class RPCServer {
    /// Takes the `params` and returns the encoded `result`.
    public typealias Handler = (JSONValue) throws -> EncodedJSON

    public let socket: ZMQSocket
    private var handlers: [String: Handler] = [:]
    let counters: BusCounters
    /// Requests that a newer waiting request makes pointless, by method (see ``supersede(_:by:key:with:)``).
    var supersessions: [String: Supersession] = [:]
    /// Frames larger than this are answered with an Invalid Request error without being parsed.
    public var maximumRequestSize = 4 << 20
    /// Most requests in one batch; a longer batch is answered with one Invalid Request error.
    public var maximumBatchSize = 32
    /// Most seconds one ``drain()`` spends in handlers; what is left is done in the next turns of the loop.
    public var turnBudget = 0.05
    /// Most messages being answered at once; further ones wait in the socket.
    public var maximumPendingMessages = 64

    /// A message being answered a request at a time.
    private struct PendingMessage {
        var routing: [[UInt8]]
        var requests: [JSONValue]
        var isBatch: Bool
        var caller: Caller = .trusted
        var replies: [EncodedJSON] = []
        var next = 0
    }

    private var pending: [PendingMessage] = []
    /// The message whose turn is next.
    private var cursor = 0

    /// Whether messages are half answered; ``serve(on:)`` keeps calling ``drain()`` until they are done.
    public var hasPendingWork: Bool { !pending.isEmpty }

    private let accessControl: AccessControlStore?

    /// Binds a server to `endpoint` (for example `NAVBUS_NAVIGATOR_ENDPOINT`), serving CURVE when the context has
    /// keys.
    /// - Throws: `ZMQError` when the endpoint is malformed or already in use, `SecurityError` when keys are
    ///   given without an access control list.
    public init(context: ZMQContext, endpoint: String, counters: BusCounters) throws {
        socket = try context.socket(.router)
        self.counters = counters
        accessControl = context.security.isSecure ? context.security.accessControl : nil
        try socket.setRouterMandatory(false)
        try context.security.secureServer(socket, domain: .control, counters: counters)
        try socket.bind(endpoint)
    }

    /// Who sent a request: anyone on a plain bus (or over inproc), a client of the access control list, or a
    /// connection whose key has since been removed from it.
    public enum Caller: Sendable {
        case trusted
        case client(ClientPermissions)
        case removedClient
    }

    private func caller(_ userID: String?) -> Caller {
        guard let accessControl, let userID else { return .trusted }
        // The ZAP handler let the key in, but the list may have changed since: look it up again.
        return accessControl.current.client(withKey: userID).map(Caller.client) ?? .removedClient
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
            // Every vehicle id from outside is checked here, once for every method of every server.
            if let scoped = decoded as? any VehicleScoped, let problem = Vehicle.problem(with: scoped.vehicleID) {
                throw RPCError.invalidParams(problem)
            }
            // Encoded once, straight into the reply: a route with its geometry is large.
            return try EncodedJSON(encoding: try handler(decoded))
        }
    }

    /// Answers requests on `reactor`: when the socket has input and while half-answered messages remain.
    public func serve(on reactor: Reactor) {
        reactor.onReadable(socket) { [unowned self] in try drain() }
        // Due at once while half-answered messages wait, otherwise never: no tick when there is nothing to do.
        reactor.whenDue({ [unowned self] in hasPendingWork ? 0 : .infinity }) { [unowned self] in try drain() }
    }

    /// Takes the requests queued in the socket and answers as many as ``turnBudget`` allows, without waiting.
    /// A request that a newer waiting request supersedes is answered with its superseded result instead of
    /// being run.
    public func drain() throws(ZMQError) {
        let deadline = MonotonicClock.seconds() + turnBudget
        while pending.count < maximumPendingMessages,
            let (frames, userID) = try socket.receiveFramesWithUserID(dontWait: true)
        {
            // ROUTER frames: the client's identity, an empty delimiter when the client is REQ, then the body.
            guard frames.count >= 2, let body = frames.last else { continue }
            let routing = Array(frames.dropLast())
            switch prepare(body) {
            case .answered(let reply):
                if let reply { _ = try socket.send(frames: routing + [reply], dontWait: true) }
            case .requests(let requests, let isBatch):
                pending.append(
                    PendingMessage(routing: routing, requests: requests, isBatch: isBatch, caller: caller(userID)))
            }
        }
        // One request of each waiting message in turn, so a long batch never holds up a short call behind it;
        // the turn goes on where the last drain stopped, or a heavy first request would be the only one served.
        while !pending.isEmpty, MonotonicClock.seconds() < deadline {
            if cursor >= pending.count { cursor = 0 }
            let request = pending[cursor].requests[pending[cursor].next]
            pending[cursor].next += 1
            let caller = pending[cursor].caller
            // Only a newer request its sender may make can supersede one: a client without the permission must
            // not be able to cancel another's trip by queueing a request behind it.
            let later = pending[(cursor + 1)...].flatMap { message in
                message.requests.filter { mayMake($0, caller: message.caller) }
            }
            let superseded = mayMake(request, caller: caller) ? supersededReply(to: request, later: later) : nil
            if let reply = superseded ?? handle(request, caller: caller) {
                pending[cursor].replies.append(reply)
            }
            if pending[cursor].next == pending[cursor].requests.count {
                let done = pending.remove(at: cursor)
                if let reply = Self.assemble(done) { _ = try socket.send(frames: done.routing + [reply], dontWait: true) }
            } else {
                cursor += 1
            }
        }
    }

    private enum Preparation {
        /// Answered without running a handler (a parse error, an oversized frame); `nil` sends nothing.
        case answered([UInt8]?)
        case requests([JSONValue], isBatch: Bool)
    }

    private func prepare(_ body: [UInt8]) -> Preparation {
        counters.add("rpcRequests")
        guard body.count <= maximumRequestSize else {
            return .answered(reply(id: .null, .failure(.invalidRequest("request of \(body.count) bytes is too large"))).bytes)
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            return .answered(reply(id: .null, .failure(.parseError(error.description))).bytes)
        }
        guard case .array(let batch) = document else { return .requests([document], isBatch: false) }
        guard !batch.isEmpty else { return .answered(reply(id: .null, .failure(.invalidRequest("empty batch"))).bytes) }
        guard batch.count <= maximumBatchSize else {
            counters.add("rpcBatchesRefused")
            return .answered(
                reply(
                    id: .null,
                    .failure(
                        .invalidRequest(
                            "a batch of \(batch.count) requests is too long: send at most \(maximumBatchSize) per batch"
                        ))
                ).bytes)
        }
        return .requests(batch, isBatch: true)
    }

    /// The reply to a whole message: one response, a batch array, or nothing for notifications only.
    private static func assemble(_ message: PendingMessage) -> [UInt8]? {
        guard message.isBatch else { return message.replies.first?.bytes }
        guard !message.replies.isEmpty else { return nil }
        var writer = JSONWriter()
        writer.raw(UInt8(ascii: "["))
        for (index, reply) in message.replies.enumerated() {
            if index > 0 { writer.raw(UInt8(ascii: ",")) }
            writer.raw(bytes: reply.bytes)
        }
        writer.raw(UInt8(ascii: "]"))
        return writer.bytes
    }

    /// Computes the reply to one request body at once; `nil` when nothing must be sent (notifications only).
    public func respond(to body: [UInt8], caller: Caller = .trusted) -> [UInt8]? {
        switch prepare(body) {
        case .answered(let reply):
            return reply
        case .requests(let requests, let isBatch):
            let replies = requests.compactMap { handle($0, caller: caller) }
            return Self.assemble(PendingMessage(routing: [], requests: requests, isBatch: isBatch, replies: replies))
        }
    }

    private func handle(_ request: JSONValue, caller: Caller) -> EncodedJSON? {
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
        let vehicle = params["vehicle"]?.stringValue ?? "default"
        if let refusal = refusal(of: method, vehicle: vehicle, caller: caller) {
            counters.add("callDenied")
            outcome = .failure(refusal)
        } else if let handler = handlers[method] {
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

    /// Whether `caller` may make `request` (a malformed request is left to ``handle(_:caller:)`` to answer).
    private func mayMake(_ request: JSONValue, caller: Caller) -> Bool {
        guard case .string(let method) = request["method"] else { return false }
        let vehicle = request["params"]?["vehicle"]?.stringValue ?? "default"
        return refusal(of: method, vehicle: vehicle, caller: caller) == nil
    }

    /// The error for a call the caller may not make; `nil` when it may. Checked before the method is looked up,
    /// so a refused client learns nothing about which methods exist.
    private func refusal(of method: String, vehicle: String, caller: Caller) -> RPCError? {
        switch caller {
        case .trusted:
            return nil
        case .removedClient:
            return .notAuthorized("this client's key is no longer in the access control list")
        case .client(let client):
            guard !client.mayCall(method: method, vehicle: vehicle) else { return nil }
            return .notAuthorized("client '\(client.name)' may not call '\(method)' for vehicle '\(vehicle)'")
        }
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
