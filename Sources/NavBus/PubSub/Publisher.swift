import NavCore
public import NavProtocol

/// Publishes typed payloads on the bus as two-frame messages: the exact topic frame and a CloudEvents
/// envelope stamped with `id`, `source`, `time`, `subject`, `dataschema` and a per-source `sequence`.
///
/// The socket is an XPUB connected to the proxy's XSUB side. Unlike a plain PUB it reports the subscriptions it
/// receives, so `waitUntilConnected` can tell when the proxy is listening (the proxy subscribes to everything to
/// feed its last-value cache) and a one-shot publisher does not lose its message to a connection still being
/// set up. With `ZMQ_XPUB_NODROP` a full queue is reported, and counted as `dropped`, instead of silently lost.
/// Not thread-safe: use a publisher from one thread.
public final class Publisher {
    public let identity: SourceIdentity
    public let socket: ZMQSocket
    private let counters: BusCounters
    private let codec = EnvelopeCodec()
    private var sequence: UInt64 = 0
    private var connected = false

    /// Connects a publisher to `endpoint` (the proxy's `NAVBUS_PUB_ENDPOINT`), with CURVE when the context has keys.
    /// - Throws: `ZMQError` for a malformed endpoint, `SecurityError` when the proxy's key is missing.
    public init(
        context: ZMQContext, endpoint: String, identity: SourceIdentity, counters: BusCounters,
        highWaterMark: Int32 = 100_000
    ) throws {
        self.identity = identity
        self.counters = counters
        socket = try context.socket(.xpub)
        try socket.setSendHighWaterMark(highWaterMark)
        try socket.setOption(ZMQ_XPUB_NODROP_OPTION, 1)
        try socket.setReconnectInterval(milliseconds: 100)
        try socket.setReconnectIntervalMax(milliseconds: 2000)
        try socket.setHeartbeat(intervalMilliseconds: 1000, timeoutMilliseconds: 5000)
        try context.security.secureClient(socket, endpoint: endpoint)
        try socket.connect(endpoint)
    }

    /// Waits until the proxy has subscribed, at most `timeoutMilliseconds`.
    /// - Returns: whether the proxy is connected.
    @discardableResult
    public func waitUntilConnected(timeoutMilliseconds: Int) -> Bool {
        var poller = ZMQPoller()
        poller.addInput(socket)
        let deadline = MonotonicClock.milliseconds() + Int64(timeoutMilliseconds)
        while !connected {
            let left = deadline - MonotonicClock.milliseconds()
            guard left > 0, let ready = try? poller.poll(timeoutMilliseconds: Int(left)) else { break }
            if ready[0] { drainSubscriptions() }
        }
        return connected
    }

    /// Reads the subscription messages the XPUB socket collects, so they never pile up.
    public func drainSubscriptions() {
        while let frames = try? socket.receiveFrames(dontWait: true) {
            if let first = frames.first?.first, first == 1 { connected = true }
        }
    }

    /// Publishes `payload` on `topic` about `subject`.
    /// - Parameters:
    ///   - time: the envelope's `time`; now by default.
    /// - Returns: `false` when the message was dropped because the outgoing queue is full.
    /// - Throws: `EncodingError` when the payload has no JSON form, `ZMQError` when the socket fails.
    @discardableResult
    public func publish(_ topic: Topic, subject: String = "default", payload: some Encodable, time: Timestamp = .now())
        throws -> Bool
    {
        sequence += 1
        let header = EnvelopeHeader(
            id: "\(identity.run)-\(sequence)", source: identity.source, type: topic.eventType, time: time,
            subject: subject, dataschema: topic.dataSchema, sequence: sequence)
        let envelope = try codec.encode(header: header, payload: payload)
        return try sendFrames(topicName: topic.rawValue, envelope: envelope)
    }

    /// Publishes an already encoded envelope unchanged (replays, `navbus pub`, tests of consumers).
    @discardableResult
    public func publishRaw(topicName: String, envelope: [UInt8]) throws(ZMQError) -> Bool {
        try sendFrames(topicName: topicName, envelope: envelope)
    }

    /// Sends arbitrary frames, for tests that feed garbage to consumers.
    @discardableResult
    public func publishFrames(_ frames: [[UInt8]]) throws(ZMQError) -> Bool {
        let sent = try socket.send(frames: frames, dontWait: true)
        counters.add(sent ? "sent" : "dropped")
        return sent
    }

    private func sendFrames(topicName: String, envelope: [UInt8]) throws(ZMQError) -> Bool {
        guard try socket.send(Array(topicName.utf8), more: true, dontWait: true) else {
            counters.add("dropped")
            return false
        }
        try socket.send(envelope)
        counters.add("sent")
        return true
    }
}
