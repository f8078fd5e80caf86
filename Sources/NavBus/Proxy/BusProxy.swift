public import NavCore
import Foundation
import NavProtocol

/// The bus: an XSUB socket that publishers connect to and an XPUB socket that subscribers connect to,
/// forwarded by libzmq's own `zmq_proxy_steerable`, with a last-value cache beside it.
///
/// The proxy thread only forwards. It copies every message and every subscription to a capture socket; the
/// cache thread reads that copy and remembers the latest message of each (topic, subject). A subscriber that
/// wants that state subscribes to a snapshot topic of its own (``SnapshotRequest``); the cache thread answers by
/// publishing the matching cached messages under that topic into the frontend over `inproc`, and the proxy's
/// XPUB delivers them to that subscriber alone — nobody else receives a copy. The capture socket is a PUB, so a
/// slow cache never slows the bus: it lags and catches up with the next message of the same key.
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
        /// Most envelope bytes the cache holds.
        public var cacheBytes: Int
        public var identity: SourceIdentity
        public var version: String

        public init(
            publisherEndpoint: String, subscriberEndpoint: String, vehicleSubscriberEndpoint: String? = nil,
            cacheCapacity: Int = 100_000, cacheBytes: Int = 64 << 20, identity: SourceIdentity, version: String
        ) {
            self.publisherEndpoint = publisherEndpoint
            self.subscriberEndpoint = subscriberEndpoint
            self.vehicleSubscriberEndpoint = vehicleSubscriberEndpoint
            self.cacheCapacity = cacheCapacity
            self.cacheBytes = cacheBytes
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

        let cacheDone = startCache(stop: stop, log: log)

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
        var cache = LastValueCache(capacity: configuration.cacheCapacity, maximumBytes: configuration.cacheBytes)
        let codec = EnvelopeCodec(maximumSize: 1 << 20)
        let reactor = Reactor(stop: stop)
        reactor.onError = { log("cache: \($0)") }
        let snapshotMarker = Array(SnapshotRequest.marker.utf8)

        reactor.onReadable(tap) {
            // A bounded batch per turn (by messages and bytes), so the heartbeat and a stop request are seen
            // under a flood.
            var bytes = 0
            for _ in 0..<1_000 where bytes < 8 << 20 {
                guard let frames = try tap.receiveFrames(dontWait: true) else { return }
                bytes += frames.reduce(0) { $0 + $1.count }
                if frames.count == 1, let first = frames[0].first, first == 0 || first == 1 {
                    guard first == 1 else { continue }
                    self.counters.add("subscriptions")
                    if let request = SnapshotRequest(subscription: Array(frames[0].dropFirst())) {
                        try self.answer(request, from: cache, through: publisher)
                    }
                    continue
                }
                // The cache's own snapshot answers pass the proxy too; they are not state to keep.
                if frames[0].starts(with: snapshotMarker) { continue }
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
            [
                "cacheEntries": UInt64(cache.count), "cacheBytes": UInt64(cache.byteCount),
                "cacheEvictions": cache.evictions, "received": self.counters.value("forwarded"),
            ]
        }
        try reactor.run()
        tap.close()
        publisher.socket.close()
    }

    /// Sends one subscriber's snapshot: the cached messages of its prefix under its own topic frames, then the
    /// end marker (see ``SnapshotRequest``).
    private func answer(_ request: SnapshotRequest, from cache: LastValueCache, through publisher: Publisher) throws {
        counters.add("snapshots")
        var count = 0
        for (topic, envelope) in cache.messages(matching: Array(request.prefix.utf8)) {
            if try publisher.publishRaw(topicName: request.frame(for: topic), envelope: envelope) {
                counters.add("replayed")
                count += 1
            }
        }
        var body = JSONWriter()
        body.raw("{\"snapshotEnd\":")
        body.string(request.prefix)
        body.raw(",\"count\":")
        body.integer(UInt64(count))
        body.raw("}")
        try publisher.publishFrames([Array(request.endFrame.utf8), body.bytes])
    }
}

extension BusProxy {
    /// Runs the last-value cache on its own thread until `stop` is raised.
    /// - Returns: signalled when the cache thread has ended.
    func startCache(stop: StopFlag, log: @escaping @Sendable (String) -> Void) -> DispatchSemaphore {
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
        return cacheDone
    }
}
