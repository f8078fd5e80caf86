import NavCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The proxy's forwarding when the bus runs CURVE. libzmq's `zmq_proxy_steerable` cannot look at who sent a
/// message, so this loop does what it did — publisher side to subscriber side, a copy of everything to the
/// capture socket for the last-value cache — and asks the `PublicationAuthorizer` about each message and each
/// subscription on the way.
///
/// Frames are forwarded as `zmq_msg_t`s (received once, sent on without copying); the envelope's attributes
/// are read where libzmq received them, and each sender's permissions are resolved once per connection key and
/// topic (`PublisherRules`), not per message. The subscriber sides run with `ZMQ_XPUB_MANUAL`, so a subscription registers only what
/// the subscriber's key may see.
final class SecureForwarder {
    struct Sockets {
        /// XSUB where keyed publishers connect.
        var publishers: ZMQSocket
        /// XSUB on `inproc` where the proxy's own cache replays and heartbeats come in (trusted).
        var replays: ZMQSocket
        /// XPUB for clients that see every vehicle.
        var subscribers: ZMQSocket
        /// XPUB for clients limited to some vehicles, receiving scoped topic frames.
        var vehicleSubscribers: ZMQSocket?
        var capture: ZMQSocket
    }

    /// Rebuilds both subscriber sides (new sockets, bound again) when the ACL took permissions away.
    typealias Rebind = (inout Sockets) throws -> Void

    private var sockets: Sockets
    private var authorizer: PublicationAuthorizer
    private let counters: BusCounters
    private let rebind: Rebind
    private let log: @Sendable (String) -> Void
    private let topic = ZMQFrame()
    private let envelope = ZMQFrame()
    private let spare = ZMQFrame()
    private let copyTopic = ZMQFrame()
    private let copyEnvelope = ZMQFrame()
    private let snapshotMarker = Array(SnapshotRequest.marker.utf8)

    init(
        sockets: Sockets, accessControl: AccessControlStore, counters: BusCounters,
        log: @escaping @Sendable (String) -> Void, rebind: @escaping Rebind
    ) {
        self.sockets = sockets
        authorizer = PublicationAuthorizer(store: accessControl)
        self.counters = counters
        self.log = log
        self.rebind = rebind
    }

    /// The sockets in use now (they change when a narrowed ACL makes the subscriber sides rebind).
    var currentSockets: Sockets { sockets }

    /// Forwards until `stop` is set.
    func run(stop: StopFlag) throws {
        while !stop.isStopRequested {
            if authorizer.refresh() {
                log("access control narrowed: subscribers reconnect and are checked against the new list")
                try rebind(&sockets)
                counters.add("subscriberRebinds")
            }
            var poller = ZMQPoller()
            poller.addInput(sockets.publishers)
            poller.addInput(sockets.replays)
            poller.addInput(sockets.subscribers)
            if let vehicleSubscribers = sockets.vehicleSubscribers { poller.addInput(vehicleSubscribers) }
            let ready = try poller.poll(timeoutMilliseconds: 100)
            // Bounded batches, so one busy side never starves the other or the stop check.
            if ready[0] { try forwardMessages(from: sockets.publishers, trusted: false) }
            if ready[1] { try forwardMessages(from: sockets.replays, trusted: true) }
            if ready[2] { try applySubscriptions(on: sockets.subscribers) }
            if ready.count > 3, ready[3], let vehicleSubscribers = sockets.vehicleSubscribers {
                try applySubscriptions(on: vehicleSubscribers)
            }
        }
    }

    private func forwardMessages(from side: ZMQSocket, trusted: Bool) throws(ZMQError) {
        for _ in 0..<1024 {
            guard try topic.receive(from: side, dontWait: true) else { return }
            let isSnapshot = topic.withBytes { $0.starts(with: snapshotMarker) }
            guard topic.hasMore else {
                // The cache's one-frame end of a snapshot: only the subscriber of that nonce receives it.
                if trusted && isSnapshot {
                    try sendToBothSides(topic: topic.bytes, envelope: nil)
                } else {
                    counters.add("malformed")
                }
                continue
            }
            _ = try envelope.receive(from: side, dontWait: false)
            if envelope.hasMore {
                repeat { _ = try spare.receive(from: side, dontWait: false) } while spare.hasMore
                counters.add("malformed")
                continue
            }
            let hasUserID = topic.withUserID { $0 != nil }
            if !trusted && (!hasUserID || isSnapshot) {
                // A CURVE server socket with the ZAP handler running never lets a client in without one; and only
                // the cache may send snapshot frames.
                counters.add("publishDenied")
                continue
            }
            if isSnapshot {
                if authorizer.allowsSnapshotAnswer(frame: topic.bytes, envelope: envelope.bytes) {
                    try sendToBothSides(topic: topic.bytes, envelope: envelope)
                } else {
                    counters.add("snapshotDenied")
                }
                continue
            }
            switch verdict(trusted: trusted) {
            case .drop(let counter):
                counters.add(counter)
            case .forward(let vehicleFrame):
                try send(to: sockets.capture, dontWait: true)
                if let vehicleFrame, let vehicleSubscribers = sockets.vehicleSubscribers {
                    copyTopic.set(vehicleFrame)
                    copyEnvelope.copy(from: envelope)
                    try copyTopic.send(to: vehicleSubscribers, more: true)
                    try copyEnvelope.send(to: vehicleSubscribers, more: false)
                }
                try topic.send(to: sockets.subscribers, more: true)
                try envelope.send(to: sockets.subscribers, more: false)
            }
        }
    }

    /// The authorizer's decision about the message in `topic` and `envelope`, read where libzmq received them.
    private func verdict(trusted: Bool) -> PublicationAuthorizer.Verdict {
        topic.withBytes { topicBytes in
            envelope.withBytes { envelopeBytes in
                topic.withUserID { userID in
                    authorizer.authorize(topic: topicBytes, envelope: envelopeBytes, userID: trusted ? nil : userID)
                }
            }
        }
    }

    /// A snapshot frame goes to both subscriber sides: only the one subscriber registered for its nonce gets it.
    private func sendToBothSides(topic frame: [UInt8], envelope: ZMQFrame?) throws(ZMQError) {
        for side in [sockets.subscribers, sockets.vehicleSubscribers].compactMap({ $0 }) {
            copyTopic.set(frame)
            try copyTopic.send(to: side, more: envelope != nil)
            if let envelope {
                copyEnvelope.copy(from: envelope)
                try copyEnvelope.send(to: side, more: false)
            }
        }
    }

    /// Sends a copy of the current message (the frames stay for the next send).
    private func send(to socket: ZMQSocket, dontWait: Bool) throws(ZMQError) {
        copyTopic.copy(from: topic)
        copyEnvelope.copy(from: envelope)
        guard try copyTopic.send(to: socket, more: true, dontWait: dontWait) else { return }
        try copyEnvelope.send(to: socket, more: false)
    }

    /// Subscriptions arrive as one frame: 1 (or 0 to cancel) and the prefix. In manual mode the XPUB registers
    /// nothing itself; what the key may see is registered for the subscriber that sent it, right after it was
    /// received. Subscriptions also go to the capture socket, so the cache replays the latest values.
    private func applySubscriptions(on side: ZMQSocket) throws(ZMQError) {
        for _ in 0..<1024 {
            guard try topic.receive(from: side, dontWait: true) else { return }
            while topic.hasMore { _ = try spare.receive(from: side, dontWait: false) }
            let bytes = topic.bytes
            guard let first = bytes.first, first == 0 || first == 1 else { continue }
            let subscribe = first == 1
            if let request = SnapshotRequest(subscription: Array(bytes.dropFirst())) {
                // Registered as asked (the nonce is the subscriber's own); the answers are checked on the way out.
                guard authorizer.noteSnapshot(request, subscribe: subscribe, userID: topic.userID) else {
                    if subscribe { counters.add("subscribeDenied") }
                    continue
                }
                try side.register(Array(bytes.dropFirst()), subscribe: subscribe)
                _ = try topic.send(to: sockets.capture, more: false, dontWait: true)
                continue
            }
            let registrations = authorizer.registrations(forSubscription: Array(bytes.dropFirst()), userID: topic.userID)
            for prefix in registrations { try side.register(prefix, subscribe: subscribe) }
            if subscribe && registrations.isEmpty {
                counters.add("subscribeDenied")
                continue
            }
            _ = try topic.send(to: sockets.capture, more: false, dontWait: true)
        }
    }
}
