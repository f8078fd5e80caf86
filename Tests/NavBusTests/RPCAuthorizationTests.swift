import Testing

@testable import NavBus

/// What the control servers answer to callers of a CURVE bus: only the calls the ACL allows, `-32010` for the
/// rest, checked before the method is looked up.
@Suite struct RPCAuthorizationTests {
    let counters = BusCounters()

    func server() throws -> RPCServer {
        let server = try RPCServer(
            context: ZMQContext(security: .plain), endpoint: "inproc://rpc-auth-\(UInt32.random(in: 0 ... .max))",
            counters: counters)
        server.register("navigator.getState") { _ in .string("state") }
        server.register("navigator.clearDestinations") { _ in .bool(true) }
        server.register("router.route") { _ in .string("route") }
        return server
    }

    func dash() throws -> ClientPermissions {
        ClientPermissions(
            name: "dash", key: try CurveKeyPair.generate().pair.publicKey,
            call: ["navigator.getState", "router."], vehicles: ["car-1"])
    }

    func code(_ server: RPCServer, _ body: String, _ caller: RPCServer.Caller) throws -> Int64? {
        let reply = try #require(server.respond(to: Array(body.utf8), caller: caller))
        return try JSONParser.parse(reply)["error"]?["code"]?.int64Value
    }

    @Test func answersOnlyWhatTheCallersEntryAllows() throws {
        let server = try server()
        let caller = RPCServer.Caller.client(try dash())
        let call = { (method: String, params: String) in
            #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#
        }
        #expect(try code(server, call("navigator.getState", #"{"vehicle":"car-1"}"#), caller) == nil)
        #expect(try code(server, call("navigator.getState", #"{"vehicle":"car-2"}"#), caller) == -32010)
        #expect(try code(server, call("navigator.getState", "{}"), caller) == -32010)
        #expect(try code(server, call("navigator.clearDestinations", #"{"vehicle":"car-1"}"#), caller) == -32010)
        #expect(try code(server, call("navigator.nothing", #"{"vehicle":"car-1"}"#), caller) == -32010)
        #expect(try code(server, call("router.route", "{}"), caller) == nil)
        #expect(try code(server, call("navigator.clearDestinations", "{}"), .trusted) == nil)
        #expect(try code(server, call("navigator.getState", "{}"), .removedClient) == -32010)
        #expect(counters.value("callDenied") == 5)
    }

    @Test func checksEveryRequestOfABatch() throws {
        let server = try server()
        let batch = #"[{"jsonrpc":"2.0","id":1,"method":"navigator.getState","params":{"vehicle":"car-1"}},"#
            + #"{"jsonrpc":"2.0","id":2,"method":"navigator.clearDestinations","params":{"vehicle":"car-1"}}]"#
        let reply = try JSONParser.parse(try #require(server.respond(to: Array(batch.utf8), caller: .client(try dash()))))
        guard case .array(let replies) = reply else {
            Issue.record("a batch must get an array")
            return
        }
        #expect(replies.map { $0["error"]?["code"]?.int64Value } == [nil, -32010])
    }
}
