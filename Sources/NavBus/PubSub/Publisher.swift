import NavCore
public import NavProtocol

/// Publishes typed payloads on the bus as two-frame messages: the exact topic frame and a CloudEvents
/// envelope stamped with `id`, `source`, `time`, `subject`, `dataschema` and a `sequence`.
///
/// The socket is an XPUB connected to the proxy's XSUB side. Unlike a plain PUB it reports the subscriptions it
/// receives, so `waitUntilConnected` can tell when the proxy is listening (the proxy subscribes to everything to
/// feed its last-value cache) and a one-shot publisher does not lose its message to a connection still being
/// set up. With `ZMQ_XPUB_NODROP` a full queue is reported, and counted as `dropped`, instead of silently lost.
///
/// `id` is `<run>-<n>` with `n` counting every message of this publisher; `sequence` counts the messages of each
/// stream (topic, subject) on its own, so a subscriber of one topic can count exactly what it lost of that topic.
///
/// When the proxy goes away (its subscriptions disappear) messages are kept in an ``OutageBuffer`` and sent when
/// it is back, together with the latest message of every stream so the new proxy's cache is whole again
/// (counters `proxyOutages`, `backlogged`, `resent`, and `backlogDropped` for what did not fit). Not thread-safe:
/// use a publisher from one thread.
public final class Publisher {
    public let identity: SourceIdentity
    public let socket: ZMQSocket
    private let counters: BusCounters
    private let codec = EnvelopeCodec()
    private var messageCount: UInt64 = 0
    private var streamSequences: [String: UInt64] = [:]
    /// Most (topic, subject) streams numbered at once.
    public static let maximumStreams = 65_536
    private var connected = false
    private var outage: OutageBuffer
    /// Reports the socket's connections and disconnections.
    private let monitor: ZMQSocket

    /// Connects a publisher to `endpoint` (the proxy's `NAVBUS_PUB_ENDPOINT`), with CURVE when the context has keys.
    /// - Parameters:
    ///   - outageLimits: how much is kept while the proxy is away.
    /// - Throws: `ZMQError` for a malformed endpoint, `SecurityError` when the proxy's key is missing.
    public init(
        context: ZMQContext, endpoint: String, identity: SourceIdentity, counters: BusCounters,
        highWaterMark: Int32 = 100_000, outageLimits: OutageBuffer.Limits = OutageBuffer.Limits()
    ) throws {
        self.identity = identity
        self.counters = counters
        outage = OutageBuffer(limits: outageLimits)
        socket = try context.socket(.xpub)
        monitor = try context.socket(.pair)
        let monitorEndpoint = "inproc://navbus-publisher-monitor-\(UInt64.random(in: .min ... .max))"
        try socket.startMonitor(monitorEndpoint, events: [.disconnected, .handshakeSucceeded])
        try monitor.connect(monitorEndpoint)
        try socket.setSendHighWaterMark(highWaterMark)
        try socket.setOption(ZMQ_XPUB_NODROP_OPTION, 1)
        // Every subscription message, repeats included: a proxy that comes back sends its subscriptions again.
        try socket.setXPubVerbose(true)
        try socket.setReconnectInterval(milliseconds: 100)
        try socket.setReconnectIntervalMax(milliseconds: 2000)
        try socket.setHeartbeat(intervalMilliseconds: 1000, timeoutMilliseconds: 5000)
        try context.security.secureClient(socket, endpoint: endpoint)
        try socket.connect(endpoint)
        // An inproc connection has no handshake to report and never breaks while the process lives.
        if endpoint.hasPrefix("inproc://") { outage.linkUp(now: MonotonicClock.seconds()) }
    }

    /// Waits until the proxy has subscribed, at most `timeoutMilliseconds`.
    /// - Returns: whether the proxy is connected.
    @discardableResult
    public func waitUntilConnected(timeoutMilliseconds: Int) -> Bool {
        var poller = ZMQPoller()
        poller.addInput(socket)
        poller.addInput(monitor)
        let deadline = MonotonicClock.milliseconds() + Int64(timeoutMilliseconds)
        // Both the subscription and the handshake event, so the next message goes to the socket, not the backlog.
        while !(connected && outage.isConnected) {
            let left = deadline - MonotonicClock.milliseconds()
            guard left > 0, let ready = try? poller.poll(timeoutMilliseconds: Int(left)) else { break }
            if ready.contains(true) { drainSubscriptions() }
        }
        return connected && outage.isConnected
    }

    /// Messages waiting for the proxy to come back.
    public var backlogCount: Int { outage.queuedCount }

    /// Reads the subscription messages the XPUB socket collects, so they never pile up, and sends what waited
    /// for the proxy once it is back. Call it now and then when publishing rarely (the heartbeat does).
    public func drainSubscriptions() {
        let now = MonotonicClock.seconds()
        while let frames = try? monitor.receiveFrames(dontWait: true) {
            guard let event = ZMQSocketEvents(monitorFrames: frames) else { continue }
            if event.contains(.disconnected) {
                counters.add("proxyOutages")
                outage.linkDown(now: now)
            } else if event.contains(.handshakeSucceeded) {
                outage.linkUp(now: now)
            }
        }
        while let frames = try? socket.receiveFrames(dontWait: true) {
            guard let frame = frames.first else { continue }
            if frame.first == 1 { connected = true }
            outage.observeSubscription(frame, now: now)
        }
        let due = outage.takeDue(now: now)
        guard !due.isEmpty else { return }
        for message in due {
            if (try? transmit(topicName: message.topic, envelope: message.envelope)) == true {
                counters.add("resent")
            }
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
        messageCount += 1
        let stream = topic.rawValue + "\u{0}" + subject
        let sequence = (streamSequences[stream] ?? 0) + 1
        // Bounded: past this many streams (ever new subjects) numbering starts again, which subscribers take for a
        // restarted stream, never for loss.
        if streamSequences.count >= Self.maximumStreams, streamSequences[stream] == nil { streamSequences.removeAll() }
        streamSequences[stream] = sequence
        let header = EnvelopeHeader(
            id: "\(identity.run)-\(messageCount)", source: identity.source, type: topic.eventType, time: time,
            subject: subject, dataschema: topic.dataSchema, sequence: sequence)
        let envelope = try codec.encode(header: header, payload: payload)
        // A heartbeat says "alive now"; sending an old one again after an outage would say something false.
        return try send(topicName: topic.rawValue, subject: subject, envelope: envelope, retains: topic != .heartbeat)
    }

    /// Publishes an already encoded envelope unchanged (replays, `navbus pub`, tests of consumers).
    @discardableResult
    public func publishRaw(topicName: String, envelope: [UInt8]) throws(ZMQError) -> Bool {
        messageCount += 1
        return try send(topicName: topicName, subject: "", envelope: envelope, retains: false)
    }

    /// Sends arbitrary frames, for tests that feed garbage to consumers.
    @discardableResult
    public func publishFrames(_ frames: [[UInt8]]) throws(ZMQError) -> Bool {
        let sent = try socket.send(frames: frames, dontWait: true)
        counters.add(sent ? "sent" : "dropped")
        return sent
    }

    private func send(topicName: String, subject: String, envelope: [UInt8], retains: Bool) throws(ZMQError) -> Bool {
        drainSubscriptions()
        var outcome = OutageBuffer.Outcome()
        let message = OutageBuffer.Message(topic: topicName, envelope: envelope, serial: messageCount)
        let sendNow = outage.admit(
            message, subject: subject, retains: retains, now: MonotonicClock.seconds(), outcome: &outcome)
        if outcome.backlogged > 0 { counters.add("backlogged", UInt64(outcome.backlogged)) }
        if outcome.overflowed > 0 {
            counters.add("backlogDropped", UInt64(outcome.overflowed))
            counters.add("dropped", UInt64(outcome.overflowed))
        }
        guard sendNow else { return true }
        return try transmit(topicName: topicName, envelope: envelope)
    }

    private func transmit(topicName: String, envelope: [UInt8]) throws(ZMQError) -> Bool {
        guard try socket.send(Array(topicName.utf8), more: true, dontWait: true) else {
            counters.add("dropped")
            return false
        }
        try socket.send(envelope)
        counters.add("sent")
        return true
    }
}
