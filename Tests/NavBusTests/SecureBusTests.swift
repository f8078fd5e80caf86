import Foundation
import NavBus
import NavCore
import NavProtocol
import NavTesting
import Testing

/// A CURVE proxy in this process, with clients in their own contexts (as separate processes would be): who
/// gets in, what is forwarded, what each key receives.
@Suite(.serialized) struct SecureBusTests {
    struct Client {
        let name: String
        let pair: CurveKeyPair
    }

    let endpoints = TestEndpoints()
    let vehicleEndpoint: String
    let proxyKeys: CurveKeyPair
    let clients: [String: Client]
    let store: AccessControlStore

    init() throws {
        vehicleEndpoint = endpoints.subscriber + "-vehicles"
        proxyKeys = try CurveKeyPair.generate().pair
        var clients: [String: Client] = [:]
        for name in ["navigator", "feeder", "all", "dash", "stranger"] {
            clients[name] = Client(name: name, pair: try CurveKeyPair.generate().pair)
        }
        self.clients = clients
        let key = { (name: String) in clients[name]!.pair.publicKey }
        store = AccessControlStore(
            list: try AccessControlList(clients: [
                ClientPermissions(name: "navigator", key: key("navigator"), publish: ["nav.", "sys."], subscribe: ["gps."]),
                ClientPermissions(name: "feeder", key: key("feeder"), publish: ["gps."], vehicles: ["car-1"]),
                ClientPermissions(name: "all", key: key("all"), subscribe: ["nav.", "gps."]),
                ClientPermissions(name: "dash", key: key("dash"), subscribe: ["nav.", "sys."], vehicles: ["car-1"]),
            ]))
    }

    func context(_ name: String?) -> ZMQContext {
        guard let name else { return ZMQContext() }
        return ZMQContext(security: BusSecurity(keys: clients[name]!.pair, serverKey: proxyKeys.publicKey))
    }

    func withProxy(_ body: (BusCounters) throws -> Void) throws {
        let context = ZMQContext(security: BusSecurity(keys: proxyKeys, accessControl: store))
        let proxy = BusProxy(
            configuration: .init(
                publisherEndpoint: endpoints.publisher, subscriberEndpoint: endpoints.subscriber,
                vehicleSubscriberEndpoint: vehicleEndpoint, identity: SourceIdentity(role: "proxy"), version: "test"),
            context: context)
        let stop = StopFlag()
        let done = DispatchSemaphore(value: 0)
        Thread {
            do { try proxy.run(stop: stop) { _ in } } catch { Issue.record("proxy failed: \(error)") }
            done.signal()
        }.start()
        defer {
            stop.requestStop()
            done.wait()
        }
        Thread.sleep(forTimeInterval: 0.2)
        try body(proxy.counters)
    }

    func location(_ index: Int) -> SnappedLocation {
        SnappedLocation(
            latitude: 60.17, longitude: 24.94, course: 0, speed: 10,
            timestamp: Timestamp(secondsSince1970: 1_800_000_000 + Double(index)), onRoute: true)
    }

    /// Receives everything that arrives within `seconds`.
    func collect(_ subscriber: Subscriber, seconds: Double = 1.0) throws -> [BusMessage] {
        var messages: [BusMessage] = []
        try subscriber.socket.setReceiveTimeout(milliseconds: 100)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let message = try subscriber.receive() { messages.append(message) }
        }
        return messages
    }

    @Test func eachKeyGetsWhatItMaySeeAndNothingElse() throws {
        try withProxy { proxyCounters in
            let counters = BusCounters()
            let all = try Subscriber(context: context("all"), endpoint: endpoints.subscriber, prefixes: ["nav."], counters: counters)
            let dash = try Subscriber(context: context("dash"), endpoint: vehicleEndpoint, prefixes: ["nav."], counters: counters)
            let stranger = try Subscriber(
                context: context("stranger"), endpoint: endpoints.subscriber, prefixes: [""], counters: counters)
            let plain = try Subscriber(context: context(nil), endpoint: endpoints.subscriber, prefixes: [""], counters: counters)
            let navigator = try Publisher(
                context: context("navigator"), endpoint: endpoints.publisher, identity: SourceIdentity(role: "navigator"),
                counters: counters)
            #expect(navigator.waitUntilConnected(timeoutMilliseconds: 3000))
            Thread.sleep(forTimeInterval: 0.5)
            for index in 0..<10 {
                try navigator.publish(.navLocation, subject: index % 2 == 0 ? "car-1" : "car-2", payload: location(index))
            }
            let everything = try collect(all)
            #expect(everything.count == 10)
            let scoped = try collect(dash, seconds: 0.3)
            #expect(scoped.count == 5)
            #expect(scoped.allSatisfy { $0.header.subject == "car-1" && $0.topic == .navLocation })
            #expect(try collect(stranger, seconds: 0.3).isEmpty)
            #expect(try collect(plain, seconds: 0.3).isEmpty)
            #expect(proxyCounters.value("authDenied") >= 1)
            #expect(proxyCounters.value("handshakeFailed") >= 1)
        }
    }

    @Test func dropsWhatAKeyMayNotPublishAndImpersonation() throws {
        try withProxy { proxyCounters in
            let counters = BusCounters()
            let all = try Subscriber(context: context("all"), endpoint: endpoints.subscriber, prefixes: ["gps.", "nav."], counters: counters)
            let feederContext = context("feeder")
            let feeder = try Publisher(
                context: feederContext, endpoint: endpoints.publisher, identity: SourceIdentity(role: "feeder"),
                counters: counters)
            let impostor = try Publisher(
                context: feederContext, endpoint: endpoints.publisher, identity: SourceIdentity(role: "navigator"),
                counters: counters)
            #expect(feeder.waitUntilConnected(timeoutMilliseconds: 3000))
            #expect(impostor.waitUntilConnected(timeoutMilliseconds: 3000))
            Thread.sleep(forTimeInterval: 0.5)
            let fix = GPSFix(latitude: 60.17, longitude: 24.94, timestamp: Timestamp(secondsSince1970: 1_800_000_000), source: "t")
            try feeder.publish(.gpsFix, subject: "car-1", payload: fix)
            try feeder.publish(.gpsFix, subject: "car-2", payload: fix)  // not its vehicle
            try feeder.publish(.navLocation, subject: "car-1", payload: location(0))  // not its topic
            try impostor.publish(.gpsFix, subject: "car-1", payload: fix)  // someone else's source
            let received = try collect(all)
            #expect(received.map(\.header.subject) == ["car-1"])
            #expect(received.first?.header.source.hasPrefix("navbus://feeder/") == true)
            #expect(proxyCounters.value("publishDenied") == 2)
            #expect(proxyCounters.value("sourceRejected") == 1)
        }
    }

    @Test func lateJoinersGetOnlyTheCachedMessagesTheirKeyMaySee() throws {
        try withProxy { proxyCounters in
            let counters = BusCounters()
            let navigator = try Publisher(
                context: context("navigator"), endpoint: endpoints.publisher, identity: SourceIdentity(role: "navigator"),
                counters: counters)
            #expect(navigator.waitUntilConnected(timeoutMilliseconds: 3000))
            Thread.sleep(forTimeInterval: 0.3)
            try navigator.publish(.navLocation, subject: "car-1", payload: location(1))
            try navigator.publish(.navLocation, subject: "car-2", payload: location(2))
            Thread.sleep(forTimeInterval: 0.5)
            // Joining after both were published: only the cache can deliver them now.
            let all = try Subscriber(context: context("all"), endpoint: endpoints.subscriber, prefixes: ["nav."], counters: counters)
            let dash = try Subscriber(context: context("dash"), endpoint: vehicleEndpoint, prefixes: [""], counters: counters)
            let fromCache = try collect(all)
            #expect(Set(fromCache.map(\.header.subject)) == ["car-1", "car-2"])
            #expect(fromCache.allSatisfy { $0.isSnapshot })
            let dashCache = try collect(dash, seconds: 0.5)
            #expect(dashCache.filter { $0.topic == .navLocation }.map(\.header.subject) == ["car-1"])
            #expect(proxyCounters.value("snapshotDenied") >= 1)
        }
    }
}
