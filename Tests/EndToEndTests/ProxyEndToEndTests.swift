import NavCore
import Foundation
import NavBus
import NavProtocol
import NavTesting
import Testing

/// The real `navbus-proxy` executable between Swift publishers and subscribers, on private ipc endpoints.
@Suite(.serialized) struct ProxyEndToEndTests {
    let endpoints = TestEndpoints()

    func startProxy() throws -> TestProcess {
        let proxy = try TestProcess("navbus-proxy", ["--pub", endpoints.publisher, "--sub", endpoints.subscriber])
        #expect(proxy.waitForStandardError(containing: "forwarding"), "proxy stderr: \(proxy.standardError)")
        return proxy
    }

    @Test func deliversTypedMessagesInOrderAndStopsCleanly() throws {
        let proxy = try startProxy()
        let context = ZMQContext()
        let counters = BusCounters()
        let subscriber = try Subscriber(
            context: context, endpoint: endpoints.subscriber, prefixes: ["gps.fix."], counters: counters)
        let publisher = try Publisher(
            context: context, endpoint: endpoints.publisher, identity: SourceIdentity(role: "test"), counters: counters)
        #expect(publisher.waitUntilConnected(timeoutMilliseconds: 3000))
        Thread.sleep(forTimeInterval: 0.2)
        for index in 0..<100 {
            let fix = GPSFix(
                latitude: 60.17 + Double(index) * 1e-5, longitude: 24.94, speed: 10,
                timestamp: Timestamp(secondsSince1970: 1_800_000_000 + Double(index)), source: "test")
            try publisher.publish(.gpsFix, subject: "car-1", payload: fix)
        }
        var received: [GPSFix] = []
        try subscriber.socket.setReceiveTimeout(milliseconds: 3000)
        while received.count < 100, let message = try subscriber.receive() {
            #expect(message.header.subject == "car-1")
            received.append(try message.decode(GPSFix.self))
        }
        #expect(received.count == 100)
        #expect(received.map(\.timestamp.secondsSince1970) == (0..<100).map { 1_800_000_000 + Double($0) })
        #expect(counters.value("sequenceGaps") == 0)
        #expect(proxy.stop(signal: SIGTERM) == 0, "proxy stderr: \(proxy.standardError)")
    }

    @Test func exitsZeroOnSIGINT() throws {
        let proxy = try startProxy()
        #expect(proxy.stop(signal: SIGINT) == 0)
        #expect(proxy.standardError.contains("stopping"))
    }

    @Test func rejectsBadConfigurationWithAOneLineReason() throws {
        let usage = try TestProcess("navbus-proxy", ["--cache-capacity", "lots"])
        #expect(usage.waitForExit(timeout: 5) == 64)
        #expect(usage.standardError.contains("--cache-capacity"))

        let unknown = try TestProcess("navbus-proxy", ["--frobnicate"])
        #expect(unknown.waitForExit(timeout: 5) == 64)

        let unusable = try TestProcess("navbus-proxy", ["--pub", "nonsense://x", "--sub", endpoints.subscriber])
        #expect(unusable.waitForExit(timeout: 5) == 1)
        #expect(unusable.standardError.contains("nonsense://x"))
    }

    @Test func answersHelp() throws {
        let help = try TestProcess("navbus-proxy", ["--help"])
        #expect(help.waitForExit(timeout: 5) == 0)
        #expect(help.standardOutput.contains("NAVBUS_PUB_ENDPOINT"))
    }
}

/// JSON-RPC between a Swift client and a Swift server over ipc, including the lazy pirate's retry.
@Suite struct RPCEndToEndTests {
    struct Echo: Codable, Equatable {
        var text: String
        var vehicle: String?
    }

    @Test func clientRetriesUntilTheServerAppears() throws {
        let endpoint = TestEndpoints().navigator
        let context = ZMQContext()
        let stop = StopFlag()
        let serverReady = DispatchSemaphore(value: 0)
        let server = Thread {
            Thread.sleep(forTimeInterval: 0.6)  // the first attempt times out: nobody is listening yet
            guard let server = try? RPCServer(context: context, endpoint: endpoint, counters: BusCounters()) else {
                return
            }
            server.register("echo", params: Echo.self) { $0 }
            let reactor = Reactor(stop: stop)
            reactor.onReadable(server.socket) { try server.drain() }
            serverReady.signal()
            try? reactor.run()
        }
        server.start()
        defer { stop.requestStop() }
        let client = RPCClient(context: context, endpoint: endpoint, timeoutMilliseconds: 400, retries: 5)
        let reply = try client.call("echo", params: Echo(text: "hei", vehicle: "car-2"), result: Echo.self)
        #expect(reply == Echo(text: "hei", vehicle: "car-2"))
        #expect(serverReady.wait(timeout: .now()) == .success)
    }

    @Test func clientGivesUpWithAClearError() throws {
        let client = RPCClient(
            context: ZMQContext(), endpoint: TestEndpoints().navigator, timeoutMilliseconds: 100, retries: 1)
        #expect {
            _ = try client.call("navigator.getState")
        } throws: { error in
            "\(error)".contains("no reply") && "\(error)".contains("2 attempts")
        }
    }
}
