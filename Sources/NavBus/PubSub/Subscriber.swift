import NavCore
import NavProtocol

/// Receives bus messages whose topic starts with one of the given prefixes, validates each envelope, and
/// delivers the good ones.
///
/// libzmq filters by prefix; the subscriber then compares the topic frame exactly against the catalogue.
/// Everything it rejects is counted by kind (`malformed`, `wrongVersion`, `unknownTopic`, `oversize`), lost
/// messages of the streams it receives as `sequenceGaps`, and messages whose (`source`, `id`) it has already seen
/// as `duplicates` (see ``SequenceTracker``); nothing it rejects stops it from delivering the next good message.
///
/// With `snapshot` (the default) it also asks the proxy's last-value cache for the current state of its topics
/// (see ``SnapshotRequest``): the cached messages are delivered first, a live message of the same
/// (topic, subject) that arrived meanwhile wins over its older cached value, and nobody else gets a copy.
/// Not thread-safe: use a subscriber from one thread.
public final class Subscriber {
    public let socket: ZMQSocket
    private let counters: BusCounters
    private let codec: EnvelopeCodec
    private let acceptUnknownTopics: Bool
    private let subjects: Set<String>?
    private var sequences = SequenceTracker()
    private let snapshotNonce = SnapshotRequest.makeNonce()
    /// Snapshot prefixes not yet ended by the proxy.
    private var pendingSnapshots: Set<String> = []
    private var snapshotDeadline = 0.0
    /// (topic, subject) of live messages delivered while a snapshot is pending: their cached values are older.
    private var liveDuringSnapshot: Set<String> = []
    /// How long a snapshot may take before the subscriber stops waiting for its end.
    public static let snapshotTimeout = 10.0    /// Called with every rejected message's reason; by default nothing.
    public var onReject: (EnvelopeError) -> Void = { _ in }

    /// - Parameters:
    ///   - endpoint: the proxy's `NAVBUS_SUB_ENDPOINT`.
    ///   - prefixes: topic prefixes; empty or `[""]` receives everything.
    ///   - subjects: when given, only messages about these vehicles are delivered.
    ///   - acceptUnknownTopics: deliver topics outside the catalogue (for generic tools) instead of rejecting them.
    ///   - snapshot: ask the proxy's last-value cache for the latest message of each (topic, subject) at once.
    /// - Throws: `ZMQError` for a malformed endpoint, `SecurityError` when the proxy's key is missing.
    public init(
        context: ZMQContext, endpoint: String, prefixes: [String], counters: BusCounters,
        subjects: Set<String>? = nil, acceptUnknownTopics: Bool = false, maximumEnvelopeSize: Int = 1 << 20,
        highWaterMark: Int32 = 100_000, snapshot: Bool = true
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
        for prefix in prefixes.isEmpty ? [""] : prefixes {
            try socket.subscribe(prefix)
            if snapshot {
                try socket.subscribe(SnapshotRequest(nonce: snapshotNonce, prefix: prefix).subscription)
                pendingSnapshots.insert(prefix)
            }
        }
        snapshotDeadline = MonotonicClock.seconds() + Self.snapshotTimeout
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
        let marker = Array(SnapshotRequest.marker.utf8)
        guard let topicFrame = frames.first, topicFrame.starts(with: marker) else {
            return admit(frames, fromSnapshot: false)
        }
        let own = Array(SnapshotRequest(nonce: snapshotNonce, prefix: "").framePrefix.utf8)
        // Another subscriber's snapshot, seen because this one subscribes to everything: not for us.
        guard topicFrame.starts(with: own), !pendingSnapshots.isEmpty else { return nil }
        let topic = Array(topicFrame.dropFirst(own.count))
        let endMarker = Array("@end".utf8)
        if topic.count >= endMarker.count, topic.suffix(endMarker.count).elementsEqual(endMarker) {
            endSnapshot(String(decoding: topic.dropLast(endMarker.count), as: UTF8.self))
            return nil
        }
        return admit([topic] + frames.dropFirst(), fromSnapshot: true)
    }

    private func endSnapshot(_ prefix: String) {
        guard pendingSnapshots.remove(prefix) != nil else { return }
        try? socket.unsubscribe(SnapshotRequest(nonce: snapshotNonce, prefix: prefix).subscription)
        if pendingSnapshots.isEmpty { liveDuringSnapshot = [] }
    }

    private func admit(_ frames: [[UInt8]], fromSnapshot: Bool) -> BusMessage? {
        var message: BusMessage
        do {
            message = try codec.decode(frames: frames, acceptUnknownTopics: acceptUnknownTopics)
            message.isSnapshot = fromSnapshot
        } catch {
            counters.add(error.kind.rawValue)
            onReject(error)
            return nil
        }
        let header = message.header
        let stream = message.topicName + "\u{0}" + header.subject
        if !pendingSnapshots.isEmpty {
            if fromSnapshot {
                guard !liveDuringSnapshot.contains(stream) else { return nil }
            } else if MonotonicClock.seconds() > snapshotDeadline {
                for prefix in pendingSnapshots { endSnapshot(prefix) }
            } else {
                liveDuringSnapshot.insert(stream)
            }
        }
        switch sequences.observe(
            source: header.source, id: header.id, topic: message.topicName, subject: header.subject,
            sequence: header.sequence, countsGaps: !fromSnapshot)
        {
        case .duplicate:
            counters.add("duplicates")
            return nil
        case .gap(let missed):
            counters.add("sequenceGaps", missed)
        case .inOrder, .restarted:
            break
        }
        if let subjects, !subjects.contains(header.subject) { return nil }
        counters.add(fromSnapshot ? "snapshotReceived" : "received")
        return message
    }
}
