/// The proxy's authorization in secure mode, apart from the forwarding so that both stay readable: what a
/// publisher's key may put on the bus, under which `source`, and what each subscriber's key gets registered.
///
/// It keeps its own copy of the access control list and picks up a new one when the store's generation moves
/// (a changed file or SIGHUP), so the hot path takes no lock.
struct PublicationAuthorizer {
    /// What to do with one message from the publisher side.
    enum Verdict: Equatable {
        /// Forward it; `vehicleFrame` is the frame to send on the vehicle-scoped side, if anyone there may get it.
        case forward(vehicleFrame: [UInt8]?)
        /// Drop it and count it under this name.
        case drop(counter: String)
    }

    private let store: AccessControlStore
    private(set) var list: AccessControlList
    private var generation: UInt64
    private let codec = EnvelopeCodec(maximumSize: 1 << 20)
    /// What each publishing key may do, resolved from `list` the first time the key sends; emptied with every
    /// new list. Bounded by the keys the list has let in (a key must pass the ZAP handler to send at all).
    private var publishers: [PublisherRules] = []
    private var publisherSlots: [PeerKey: Int] = [:]
    /// The last sender, because messages come in runs from one connection.
    private var lastPublisher: (key: PeerKey, slot: Int)?

    init(store: AccessControlStore) {
        self.store = store
        list = store.current
        generation = store.generation
    }

    /// Takes up a newer list if there is one.
    /// - Returns: whether the new list took away something it had granted to subscribers, so that their
    ///   registrations must be rebuilt (libzmq cannot withdraw one subscriber's registrations).
    mutating func refresh() -> Bool {
        let latest = store.generation
        guard latest != generation else { return false }
        let newer = store.current
        let narrowed = list.isNarrowed(by: newer)
        list = newer
        generation = latest
        publishers.removeAll()
        publisherSlots.removeAll()
        lastPublisher = nil
        return narrowed
    }

    /// Decides about one two-frame message, read in place from the received frames. `userID` is the sender's
    /// public key from the ZAP handler; `nil` means the proxy's own cache and heartbeat over `inproc`, which are
    /// trusted.
    mutating func authorize(
        topic: UnsafeRawBufferPointer, envelope: UnsafeRawBufferPointer, userID: UnsafeRawBufferPointer?
    ) -> Verdict {
        let attribution: (source: String, subject: String)
        do {
            attribution = try codec.attribution(of: envelope)
        } catch {
            return userID == nil ? .forward(vehicleFrame: nil) : .drop(counter: error.kind.rawValue)
        }
        guard let userID else {
            let isVehicleTopic = ClientPermissions.isVehicleTopic(String(decoding: topic, as: UTF8.self))
            return .forward(vehicleFrame: vehicleFrame(topic: topic, isVehicleTopic: isVehicleTopic, subject: attribution.subject))
        }
        guard let slot = publisherSlot(for: userID) else { return .drop(counter: "publishDenied") }
        guard publishers[slot].sources.contains(where: { attribution.source.hasPrefix($0) }) else {
            return .drop(counter: "sourceRejected")
        }
        let rule = topicRule(publisher: slot, topic: topic)
        guard rule.mayPublish, !rule.isVehicleTopic || publishers[slot].mayAccess(vehicle: attribution.subject) else {
            return .drop(counter: "publishDenied")
        }
        return .forward(vehicleFrame: vehicleFrame(topic: topic, isVehicleTopic: rule.isVehicleTopic, subject: attribution.subject))
    }

    /// The byte-array form, for callers that hold copies.
    mutating func authorize(topic: [UInt8], envelope: [UInt8], userID: String?) -> Verdict {
        topic.withUnsafeBytes { topic in
            envelope.withUnsafeBytes { envelope in
                guard let userID else { return authorize(topic: topic, envelope: envelope, userID: nil) }
                return Array(userID.utf8).withUnsafeBytes { authorize(topic: topic, envelope: envelope, userID: $0) }
            }
        }
    }

    /// The sender's entry in `publishers`, made on its first message; `nil` when its key is not in the list
    /// (removed since it connected), which the caller drops.
    private mutating func publisherSlot(for userID: UnsafeRawBufferPointer) -> Int? {
        // The ZAP handler's User-Id is the 40-character Z85 key; nothing else is in the list.
        guard let key = PeerKey(userID) else { return nil }
        if let last = lastPublisher, last.key == key { return publishers[last.slot].isListed ? last.slot : nil }
        let slot: Int
        if let known = publisherSlots[key] {
            slot = known
        } else {
            slot = publishers.count
            publishers.append(PublisherRules(client: list.client(withKey: String(decoding: userID, as: UTF8.self))))
            publisherSlots[key] = slot
        }
        lastPublisher = (key, slot)
        return publishers[slot].isListed ? slot : nil
    }

    /// The publisher's decision about a topic frame, worked out once per topic.
    private mutating func topicRule(publisher slot: Int, topic: UnsafeRawBufferPointer) -> TopicRule {
        if let known = publishers[slot].rule(for: topic) { return known }
        let name = String(decoding: topic, as: UTF8.self)
        let rule = TopicRule(
            frame: Array(topic), mayPublish: publishers[slot].publish.contains(where: { name.hasPrefix($0) }),
            isVehicleTopic: ClientPermissions.isVehicleTopic(name))
        publishers[slot].remember(rule)
        return rule
    }

    /// The frame under which the vehicle-scoped side gets the message: the scoped frame for a vehicle some client
    /// may see, the topic itself for topics about no vehicle; `nil` when nobody there may get it.
    private func vehicleFrame(topic: UnsafeRawBufferPointer, isVehicleTopic: Bool, subject: String) -> [UInt8]? {
        guard isVehicleTopic else { return list.hasVehicleLimitedClients ? Array(topic) : nil }
        guard list.hasScopedReceivers(for: subject), ScopedTopic.canScope(subject) else { return nil }
        return ScopedTopic.frame(topic: Array(topic), vehicle: subject)
    }

    /// Which key asked for each snapshot nonce (`SnapshotRequest`), so the cache's answers reach only what it may
    /// see. Bounded: a nonce is forgotten when its subscription ends, and all of them past `maximumSnapshots`.
    private var snapshotRequesters: [String: String] = [:]
    static let maximumSnapshots = 10_000

    /// Notes (or forgets) a snapshot request; returns whether it may be registered as asked.
    mutating func noteSnapshot(_ request: SnapshotRequest, subscribe: Bool, userID: String?) -> Bool {
        guard let userID, let client = list.client(withKey: userID), !client.subscribe.isEmpty else { return false }
        if subscribe {
            if snapshotRequesters.count >= Self.maximumSnapshots { snapshotRequesters.removeAll() }
            snapshotRequesters[request.nonce] = userID
        } else {
            snapshotRequesters[request.nonce] = nil
        }
        return true
    }

    /// Whether a snapshot frame from the cache (`@snapshot/<nonce>/<topic>`, with its envelope) may go to the key
    /// that asked for it: its topic and vehicle must be ones the key may receive.
    func allowsSnapshotAnswer(frame: [UInt8], envelope: [UInt8]) -> Bool {
        let marker = SnapshotRequest.marker.utf8.count
        guard frame.count > marker + 17 else { return false }
        let nonce = String(decoding: frame[marker..<(marker + 16)], as: UTF8.self)
        let topic = String(decoding: frame[(marker + 17)...], as: UTF8.self)
        guard let key = snapshotRequesters[nonce], let client = list.client(withKey: key),
            client.subscribe.contains(where: { topic.hasPrefix($0) }),
            let subject = try? codec.attribution(of: envelope).subject
        else { return false }
        return !ClientPermissions.isVehicleTopic(topic) || client.mayAccess(vehicle: subject)
    }

    /// The prefixes to register for a subscriber's (un)subscription to `prefix`; empty when it may see nothing
    /// of it, or when its key is unknown or has been removed.
    func registrations(forSubscription prefix: [UInt8], userID: String?) -> [[UInt8]] {
        guard let userID, let client = list.client(withKey: userID) else { return [] }
        return client.registrations(forSubscription: prefix)
    }
}
