import NavProtocol

/// Receives bus messages whose topic starts with one of the given prefixes, validates each envelope, and
/// delivers the good ones.
///
/// libzmq filters by prefix; the subscriber then compares the topic frame exactly against the catalogue.
/// Everything it rejects is counted by kind (`malformed`, `wrongVersion`, `unknownTopic`, `oversize`), lost
/// messages per source as `sequenceGaps`, and last-value-cache replays already seen as `duplicates`; nothing it
/// rejects stops it from delivering the next good message. Not thread-safe: use a subscriber from one thread.
public final class Subscriber {
    public let socket: ZMQSocket
    private let counters: BusCounters
    private let codec: EnvelopeCodec
    private let acceptUnknownTopics: Bool
    private let subjects: Set<String>?
    private var sequences = SequenceTracker()
    /// Called with every rejected message's reason; by default nothing.
    public var onReject: (EnvelopeError) -> Void = { _ in }

    /// - Parameters:
    ///   - endpoint: the proxy's `NAVBUS_SUB_ENDPOINT`.
    ///   - prefixes: topic prefixes; empty or `[""]` receives everything.
    ///   - subjects: when given, only messages about these vehicles are delivered.
    ///   - acceptUnknownTopics: deliver topics outside the catalogue (for generic tools) instead of rejecting them.
    /// - Throws: `ZMQError` for a malformed endpoint, `SecurityError` when the proxy's key is missing.
    public init(
        context: ZMQContext, endpoint: String, prefixes: [String], counters: BusCounters,
        subjects: Set<String>? = nil, acceptUnknownTopics: Bool = false, maximumEnvelopeSize: Int = 1 << 20,
        highWaterMark: Int32 = 100_000
    ) throws {
        socket = try context.socket(.sub)
        self.counters = counters
        self.subjects = subjects
        self.acceptUnknownTopics = acceptUnknownTopics
        codec = EnvelopeCodec(maximumSize: maximumEnvelopeSize)
        try socket.setReceiveHighWaterMark(highWaterMark)
        try socket.setReconnectInterval(milliseconds: 100)
        try socket.setReconnectIntervalMax(milliseconds: 2000)
        try socket.setHeartbeat(intervalMilliseconds: 1000, timeoutMilliseconds: 5000)
        for prefix in prefixes.isEmpty ? [""] : prefixes { try socket.subscribe(prefix) }
        try context.security.secureClient(socket, endpoint: endpoint)
        try socket.connect(endpoint)
    }

    /// Returns the next good message, skipping (and counting) rejected ones.
    /// - Parameter dontWait: return `nil` instead of waiting when nothing is queued.
    /// - Throws: `ZMQError` when the socket fails (the context is terminating).
    public func receive(dontWait: Bool = false) throws(ZMQError) -> BusMessage? {
        while let frames = try socket.receiveFrames(dontWait: dontWait) {
            if let message = accept(frames) { return message }
        }
        return nil
    }

    /// Messages handled in one turn of an event loop before it looks at its other sockets and timers again.
    public static let defaultBatchSize = 256

    /// Delivers at most `limit` queued messages to `handler`, without waiting.
    ///
    /// Bounded so that under a sustained flood an event loop still gets to its timers (heartbeats, saves) and
    /// other sockets; the loop calls again at once because the socket is still readable.
    /// - Returns: how many messages were delivered.
    @discardableResult
    public func drain(limit: Int = Subscriber.defaultBatchSize, _ handler: (BusMessage) throws -> Void) throws -> Int {
        var handled = 0
        while handled < limit, let message = try receive(dontWait: true) {
            try handler(message)
            handled += 1
        }
        return handled
    }

    private func accept(_ frames: [[UInt8]]) -> BusMessage? {
        let message: BusMessage
        do {
            message = try codec.decode(frames: frames, acceptUnknownTopics: acceptUnknownTopics)
        } catch {
            counters.add(error.kind.rawValue)
            onReject(error)
            return nil
        }
        if let sequence = message.header.sequence {
            switch sequences.observe(source: message.header.source, sequence: sequence, time: message.header.time) {
            case .duplicate:
                counters.add("duplicates")
                return nil
            case .gap(let missed):
                counters.add("sequenceGaps", missed)
            case .inOrder, .restarted:
                break
            }
        }
        if let subjects, !subjects.contains(message.header.subject) { return nil }
        counters.add("received")
        return message
    }
}
