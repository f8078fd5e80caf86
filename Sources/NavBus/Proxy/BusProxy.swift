public import NavCore
import Foundation
import NavProtocol

/// The bus: an XSUB socket that publishers connect to and an XPUB socket that subscribers connect to,
/// forwarded by libzmq's own `zmq_proxy_steerable`, with a last-value cache beside it.
///
/// The proxy thread only forwards. It copies every message and every subscription to a capture socket; the
/// cache thread reads that copy, remembers the latest message of each (topic, subject), and answers each new
/// subscription by publishing the matching cached messages into the frontend over `inproc`, from where the
/// proxy delivers them like any other message. Subscribers that already had them recognise the replay by its
/// sequence number and drop it. The capture socket is a PUB, so a slow cache never slows the bus: it lags and
/// catches up with the next message of the same key.
///
/// The XSUB side subscribes to everything itself, so publishers send every message to the proxy and the cache
/// sees topics nobody has subscribed to yet (libzmq's XSUB reference-counts subscriptions, so a subscriber
/// leaving never cancels this one).
///
/// With CURVE keys in the context the forwarding is `SecureForwarder` instead (see `BusProxy+Secure.swift`):
/// the same sockets and cache, plus a ZAP handler, per-message publication checks and, for clients limited to
/// some vehicles, a vehicle-scoped subscriber side.
public final class BusProxy: Sendable {
    public struct Configuration: Sendable {
        public var publisherEndpoint: String
        public var subscriberEndpoint: String
        /// Where clients limited to some vehicles subscribe (secure mode only; `NAVBUS_VEHICLE_SUB_ENDPOINT`).
        public var vehicleSubscriberEndpoint: String?
        public var cacheCapacity: Int
        public var identity: SourceIdentity
        public var version: String

        public init(
            publisherEndpoint: String, subscriberEndpoint: String, vehicleSubscriberEndpoint: String? = nil,
            cacheCapacity: Int = 100_000, identity: SourceIdentity, version: String
        ) {
            self.publisherEndpoint = publisherEndpoint
            self.subscriberEndpoint = subscriberEndpoint
            self.vehicleSubscriberEndpoint = vehicleSubscriberEndpoint
            self.cacheCapacity = cacheCapacity
            self.identity = identity
            self.version = version
        }
    }

    public let configuration: Configuration
    public let counters = BusCounters()
    let context: ZMQContext
    private let tag = UInt32.random(in: .min ... .max)

    public init(configuration: Configuration, context: ZMQContext) {
        self.configuration = configuration
        self.context = context
    }

    private var controlEndpoint: String { "inproc://navbus-proxy-control-\(tag)" }
    var captureEndpoint: String { "inproc://navbus-proxy-capture-\(tag)" }
    var replayEndpoint: String { "inproc://navbus-proxy-replay-\(tag)" }

    /// Binds both sides and runs until `stop` is set.
    /// - Throws: `ZMQError` when an endpoint cannot be bound (malformed, or in use by another process).
    public func run(stop: StopFlag, log: @escaping @Sendable (String) -> Void) throws {
        if context.security.isSecure { return try runSecure(stop: stop, log: log) }
        let frontend = try context.socket(.xsub)
        let backend = try context.socket(.xpub)
        let capture = try context.socket(.pub)
        let control = try context.socket(.pair)
        try backend.setXPubVerbose(true)
        for socket in [frontend, backend] {
            try socket.setSendHighWaterMark(100_000)
            try socket.setReceiveHighWaterMark(100_000)
            try socket.setHeartbeat(intervalMilliseconds: 1000, timeoutMilliseconds: 5000)
        }
        try capture.setSendHighWaterMark(200_000)
        try frontend.bind(configuration.publisherEndpoint)
        try frontend.bind(replayEndpoint)
        try backend.bind(configuration.subscriberEndpoint)
        try capture.bind(captureEndpoint)
        try control.bind(controlEndpoint)
        try frontend.send([1])  // subscribe to everything, for the cache

        let cacheDone = DispatchSemaphore(value: 0)
        let cacheThread = Thread { [self] in
            do {
                try runCache(stop: stop, log: log)
            } catch {
                log("last-value cache stopped: \(error)")
            }
            cacheDone.signal()
        }
        cacheThread.name = "navbus-proxy-cache"
        cacheThread.start()

        let stopper = Thread { [self] in
            while !stop.wait(seconds: 3600) {}
            if let steer = try? context.socket(.pair) {
                try? steer.connect(controlEndpoint)
                _ = try? steer.send(Array("TERMINATE".utf8))
                steer.close()
            }
        }
        stopper.start()

        log(
            "forwarding \(configuration.publisherEndpoint) (publishers) -> \(configuration.subscriberEndpoint) (subscribers)")
        try runSteerableProxy(frontend: frontend, backend: backend, capture: capture, control: control)
        cacheDone.wait()
        for socket in [frontend, backend, capture, control] { socket.close() }
    }

    func runCache(stop: StopFlag, log: @escaping @Sendable (String) -> Void) throws {
        let tap = try context.socket(.sub)
        try tap.setReceiveHighWaterMark(200_000)
        try tap.subscribe("")
        try tap.connect(captureEndpoint)
        let publisher = try Publisher(
            context: context, endpoint: replayEndpoint, identity: configuration.identity, counters: counters)
        var cache = LastValueCache(capacity: configuration.cacheCapacity)
        let codec = EnvelopeCodec(maximumSize: 1 << 20)
        let reactor = Reactor(stop: stop)
        reactor.onError = { log("cache: \($0)") }

        reactor.onReadable(tap) {
            while let frames = try tap.receiveFrames(dontWait: true) {
                if frames.count == 1, let first = frames[0].first, first == 0 || first == 1 {
                    guard first == 1 else { continue }
                    self.counters.add("subscriptions")
                    for (topic, envelope) in cache.messages(matching: Array(frames[0].dropFirst())) {
                        if try publisher.publishRaw(topicName: topic, envelope: envelope) {
                            self.counters.add("replayed")
                        }
                    }
                    continue
                }
                self.counters.add("forwarded")
                do {
                    let (topic, subject) = try codec.scan(frames: frames)
                    cache.store(topic: topic, subject: subject, envelope: frames[1])
                } catch let error as EnvelopeError {
                    self.counters.add(error.kind.rawValue)
                }
            }
        }
        HeartbeatPublisher(
            process: "navbus-proxy", identity: configuration.identity, counters: counters,
            version: configuration.version
        ).schedule(on: reactor, publisher: publisher) {
            ["cacheEntries": UInt64(cache.count), "received": self.counters.value("forwarded")]
        }
        try reactor.run()
        tap.close()
        publisher.socket.close()
    }
}
