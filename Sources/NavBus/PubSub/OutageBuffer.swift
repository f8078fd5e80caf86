/// What a publisher keeps so that a proxy restart loses nothing: messages published while the proxy is away,
/// the messages sent just before it went, and the latest message of every (topic, subject) to re-announce.
///
/// A pure value: the ``Publisher`` tells it what happened to the link (the proxy's subscriptions seen on the
/// XPUB socket) and what it sent, and asks it what to send. Everything is bounded by messages and bytes; what
/// does not fit is counted, never silently lost.
///
/// - **Backlog.** While the connection is down (the proxy is away, or not started yet; the publisher learns it
///   from the socket's monitor) messages queue here. libzmq would queue them too, but it would hand them to the
///   new proxy the moment it is up, before the subscribers have reconnected to it, and the proxy would drop
///   them. So they are sent, in order, once the subscriptions that existed before the outage are back (the
///   subscribers have reconnected too) or after ``Limits/settleSeconds``, whichever comes first.
/// - **In flight.** A proxy killed with `kill -9` takes with it what it had not yet forwarded, and the publisher
///   learns of the loss only when libzmq notices the broken connection. The messages sent within
///   ``Limits/inFlightSeconds`` before the outage was seen are sent again; subscribers drop the ones they already
///   had by (`source`, `id`).
/// - **Retained state.** The latest envelope of every (topic, subject) is sent again after an outage, so the new
///   proxy's last-value cache holds the current route and a process started after the restart gets it.
///   The envelopes are the original ones, ids included, so subscribers that saw them before drop them.
public struct OutageBuffer: Sendable {
    public struct Limits: Sendable {
        public var backlogMessages: Int
        public var backlogBytes: Int
        public var inFlightSeconds: Double
        public var inFlightMessages: Int
        public var retainedBytes: Int
        public var retainedStreams: Int
        public var settleSeconds: Double

        public init(
            backlogMessages: Int = 100_000, backlogBytes: Int = 32 << 20, inFlightSeconds: Double = 1,
            inFlightMessages: Int = 10_000, retainedBytes: Int = 32 << 20, retainedStreams: Int = 65_536,
            settleSeconds: Double = 5
        ) {
            self.backlogMessages = backlogMessages
            self.backlogBytes = backlogBytes
            self.inFlightSeconds = inFlightSeconds
            self.inFlightMessages = inFlightMessages
            self.retainedBytes = retainedBytes
            self.retainedStreams = retainedStreams
            self.settleSeconds = settleSeconds
        }
    }

    /// One message as it goes on the wire.
    public struct Message: Sendable, Equatable {
        public var topic: String
        public var envelope: [UInt8]
        /// Position in the publisher's output, for ordering re-announced state before newer messages.
        public var serial: UInt64

        public init(topic: String, envelope: [UInt8], serial: UInt64) {
            self.topic = topic
            self.envelope = envelope
            self.serial = serial
        }
    }

    /// What happened to the messages handed over, for the publisher's counters.
    public struct Outcome: Sendable, Equatable {
        /// Messages that were queued instead of sent.
        public var backlogged = 0
        /// Queued messages thrown away to stay within the limits (lost, and counted as such).
        public var overflowed = 0
    }

    private struct Sent: Sendable {
        var message: Message
        var at: Double
    }

    private struct Retained: Sendable {
        var message: Message
        var stamp: UInt64
    }

    public let limits: Limits
    private var connected = false
    private var subscriptions: Set<[UInt8]> = []
    /// The subscriptions before the outage, which must reappear before the backlog is sent.
    private var expected: Set<[UInt8]> = []
    private var everConnected = false
    private var reconnectedAt: Double?
    private var backlog: [Message] = []
    private var backlogHead = 0
    private var backlogBytes = 0
    private var inFlight: [Sent] = []
    private var inFlightHead = 0
    private var retained: [String: Retained] = [:]
    private var retainedBytes = 0
    private var stamp: UInt64 = 0

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether messages go straight to the socket (the proxy is there and nothing is waiting).
    public var isLinked: Bool { connected && !subscriptions.isEmpty && reconnectedAt == nil && queuedCount == 0 }

    /// Whether the connection to the proxy is up.
    public var isConnected: Bool { connected }

    /// Messages waiting for the proxy.
    public var queuedCount: Int { backlog.count - backlogHead }

    /// The connection to the proxy is up (its handshake completed).
    public mutating func linkUp(now: Double) {
        guard !connected else { return }
        connected = true
        // The first connection ever has nothing to wait for; a reconnection waits for the subscribers.
        reconnectedAt = everConnected ? now : nil
        everConnected = true
    }

    /// The connection to the proxy broke: what was sent lately may be lost with it and goes first in the
    /// backlog; the subscriptions seen so far must come back before the backlog is sent.
    public mutating func linkDown(now: Double) {
        guard connected else { return }
        connected = false
        expected = expected.union(subscriptions)
        subscriptions = []
        reconnectedAt = nil
        let recent = inFlight[inFlightHead...].filter { now - $0.at <= limits.inFlightSeconds }.map(\.message)
        inFlight = []
        inFlightHead = 0
        let waiting = Array(backlog[backlogHead...])
        backlog = []
        backlogHead = 0
        backlogBytes = 0
        for message in recent + waiting { _ = enqueue(message) }
    }

    /// Takes one subscription message read from the XPUB socket (`1` + prefix or `0` + prefix).
    public mutating func observeSubscription(_ frame: [UInt8], now: Double) {
        guard let kind = frame.first else { return }
        let prefix = Array(frame.dropFirst())
        if kind == 1 {
            subscriptions.insert(prefix)
        } else if kind == 0 {
            subscriptions.remove(prefix)
            // A subscriber that left for good is not waited for.
            expected.remove(prefix)
        }
    }

    /// Whether the backlog and the retained state may be sent now.
    public func isDue(now: Double) -> Bool {
        guard connected, !subscriptions.isEmpty else { return false }
        guard let reconnectedAt else { return true }
        return expected.isSubset(of: subscriptions) || now - reconnectedAt >= limits.settleSeconds
    }

    /// Records that `message` is about to be published about `subject`.
    /// - Returns: `true` when it should go to the socket now; `false` when it was queued (see `outcome`).
    public mutating func admit(
        _ message: Message, subject: String, retains: Bool, now: Double, outcome: inout Outcome
    ) -> Bool {
        if retains { retain(message, subject: subject) }
        if isLinked {
            recordSent(message, now: now)
            return true
        }
        outcome.backlogged += 1
        outcome.overflowed += enqueue(message)
        return false
    }

    /// Everything to send after an outage, in order: the retained state older than the backlog, then the
    /// backlog. Empties the queue; the caller sends what it gets (and the in-flight record follows).
    public mutating func takeDue(now: Double) -> [Message] {
        guard isDue(now: now), reconnectedAt != nil || queuedCount > 0 else { return [] }
        let queued = Array(backlog[backlogHead...])
        let firstQueued = queued.first?.serial ?? .max
        let queuedSerials = Set(queued.map(\.serial))
        let wasOutage = reconnectedAt != nil
        let state =
            wasOutage
            ? retained.values.map(\.message).filter { $0.serial < firstQueued && !queuedSerials.contains($0.serial) }
                .sorted { $0.serial < $1.serial } : []
        backlog = []
        backlogHead = 0
        backlogBytes = 0
        reconnectedAt = nil
        expected = []
        let due = state + queued
        for message in due { recordSent(message, now: now) }
        return due
    }

    /// Queues a message, dropping the oldest beyond the limits.
    /// - Returns: how many were dropped.
    private mutating func enqueue(_ message: Message) -> Int {
        backlog.append(message)
        backlogBytes += message.envelope.count
        var dropped = 0
        while queuedCount > 0, queuedCount > limits.backlogMessages || backlogBytes > limits.backlogBytes {
            backlogBytes -= backlog[backlogHead].envelope.count
            backlogHead += 1
            dropped += 1
        }
        if backlogHead > 1024, backlogHead * 2 > backlog.count {
            backlog.removeFirst(backlogHead)
            backlogHead = 0
        }
        return dropped
    }

    private mutating func recordSent(_ message: Message, now: Double) {
        inFlight.append(Sent(message: message, at: now))
        while inFlightHead < inFlight.count,
            inFlight.count - inFlightHead > limits.inFlightMessages || now - inFlight[inFlightHead].at > limits.inFlightSeconds
        {
            inFlightHead += 1
        }
        if inFlightHead > 1024, inFlightHead * 2 > inFlight.count {
            inFlight.removeFirst(inFlightHead)
            inFlightHead = 0
        }
    }

    private mutating func retain(_ message: Message, subject: String) {
        stamp &+= 1
        let key = message.topic + "\u{0}" + subject
        if let old = retained.updateValue(Retained(message: message, stamp: stamp), forKey: key) {
            retainedBytes -= old.message.envelope.count
        }
        retainedBytes += message.envelope.count
        guard retained.count > limits.retainedStreams || retainedBytes > limits.retainedBytes else { return }
        // The streams updated longest ago go first; a tenth at a time so eviction stays rare.
        var byAge = retained.sorted { $0.value.stamp < $1.value.stamp }
        let target = (limits.retainedStreams * 9 / 10, limits.retainedBytes * 9 / 10)
        var index = 0
        while index < byAge.count, retained.count > target.0 || retainedBytes > target.1 {
            retainedBytes -= byAge[index].value.message.envelope.count
            retained[byAge[index].key] = nil
            index += 1
        }
        byAge.removeAll()
    }
}
