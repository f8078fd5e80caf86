import NavProtocol
import Testing

@testable import NavBus

@Suite struct RPCServerTests {
    struct AddParams: Codable {
        var a: Double
        var b: Double
        var vehicle: String?
    }

    func makeServer() throws -> RPCServer {
        let server = try RPCServer(
            context: ZMQContext(), endpoint: "inproc://rpc-\(UInt32.random(in: 0 ... .max))", counters: BusCounters())
        server.register("math.add", params: AddParams.self) { $0.a + $0.b }
        server.register("fail") { _ in throw RPCError(code: 42, message: "no luck") }
        return server
    }

    func respond(_ server: RPCServer, _ body: String) throws -> JSONValue? {
        try server.respond(to: Array(body.utf8)).map { try JSONParser.parse($0) }
    }

    @Test func answersATypedCall() throws {
        let reply = try respond(try makeServer(), #"{"jsonrpc":"2.0","id":1,"method":"math.add","params":{"a":2,"b":3}}"#)
        #expect(reply?["result"]?.doubleValue == 5)
        #expect(reply?["id"] == .integer(1))
    }

    @Test(arguments: [
        ("{not json", -32700),
        (#"[]"#, -32600),
        (#""hello""#, -32600),
        (#"{"id":1,"method":"math.add"}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1,"method":7}"#, -32600),
        (#"{"jsonrpc":"2.0","id":{},"method":"math.add"}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1,"method":"math.add","params":5}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1,"method":"math.nope"}"#, -32601),
        (#"{"jsonrpc":"2.0","id":1,"method":"math.add","params":{"a":1}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"math.add","params":{"a":"x","b":1}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"math.add","params":[1,2]}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"fail"}"#, 42),
    ])
    func answersErrorsWithTheirCodes(body: String, code: Int64) throws {
        let reply = try respond(try makeServer(), body)
        #expect(reply?["error"]?["code"] == .integer(code))
        let message = reply?["error"]?["message"]?.stringValue ?? ""
        #expect(message.count >= 5)
    }

    @Test func invalidParamsNameTheMember() throws {
        let reply = try respond(
            try makeServer(), #"{"jsonrpc":"2.0","id":"x","method":"math.add","params":{"a":1}}"#)
        #expect(reply?["error"]?["message"] == .string("Invalid params: missing member 'b'"))
        #expect(reply?["id"] == .string("x"))
    }

    @Test func notificationsGetNoReplyAndBatchesGetOnePerRequest() throws {
        let server = try makeServer()
        #expect(try respond(server, #"{"jsonrpc":"2.0","method":"math.add","params":{"a":1,"b":1}}"#) == nil)
        let batch = try respond(
            server,
            #"[{"jsonrpc":"2.0","id":1,"method":"math.add","params":{"a":1,"b":1}},{"jsonrpc":"2.0","method":"fail"},{"jsonrpc":"2.0","id":2,"method":"nope"}]"#
        )
        guard case .array(let replies) = batch else {
            Issue.record("expected an array of replies")
            return
        }
        #expect(replies.count == 2)
        #expect(replies[0]["result"]?.doubleValue == 2)
        #expect(replies[1]["error"]?["code"] == .integer(-32601))
    }

    /// Issue #12 item 8: one 4 MB batch of 1,900 routes blocked every vehicle for 9-14 s.
    @Test func refusesABatchLongerThanTheLimit() throws {
        let server = try makeServer()
        let call = #"{"jsonrpc":"2.0","id":1,"method":"math.add","params":{"a":1,"b":1}}"#
        let long = try respond(server, "[" + Array(repeating: call, count: 33).joined(separator: ",") + "]")
        #expect(long?["error"]?["code"] == .integer(-32600))
        let longest = try respond(server, "[" + Array(repeating: call, count: 32).joined(separator: ",") + "]")
        guard case .array(let replies)? = longest else {
            Issue.record("no batch reply")
            return
        }
        #expect(replies.count == 32)
    }

    /// Issue #12 item 8: a 1 MB vehicle id was accepted; its session could never be saved.
    @Test func refusesAnUnusableVehicleIDForEveryMethod() throws {
        let server = try makeServer()
        let huge = String(repeating: "v", count: 1 << 20)
        let reply = try respond(server, #"{"jsonrpc":"2.0","id":1,"method":"math.add","params":{"a":1,"b":1,"vehicle":"\#(huge)"}}"#)
        #expect(reply?["error"]?["code"] == .integer(-32602))
        let fine = try respond(server, #"{"jsonrpc":"2.0","id":2,"method":"math.add","params":{"a":1,"b":1,"vehicle":"car-1"}}"#)
        #expect(fine?["result"]?.doubleValue == 2)
    }
}

extension RPCServerTests.AddParams: VehicleScoped {}
