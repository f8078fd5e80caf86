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
        return narrowed
    }

    /// Decides about one two-frame message. `userID` is the sender's public key from the ZAP handler; `nil`
    /// means the proxy's own cache and heartbeat over `inproc`, which are trusted.
    func authorize(topic: [UInt8], envelope: [UInt8], userID: String?) -> Verdict {
        let attribution: (source: String, subject: String)
        do {
            attribution = try codec.attribution(of: envelope)
        } catch {
            return userID == nil ? .forward(vehicleFrame: nil) : .drop(counter: error.kind.rawValue)
        }
        let topicName = String(decoding: topic, as: UTF8.self)
        if let userID {
            guard let client = list.client(withKey: userID) else { return .drop(counter: "publishDenied") }
            guard client.sources.contains(where: { attribution.source.hasPrefix($0) }) else {
                return .drop(counter: "sourceRejected")
            }
            guard client.mayPublish(topic: topicName, subject: attribution.subject, source: attribution.source) else {
                return .drop(counter: "publishDenied")
            }
        }
        return .forward(vehicleFrame: vehicleFrame(topic: topic, topicName: topicName, subject: attribution.subject))
    }

    /// The frame under which the vehicle-scoped side gets the message: the scoped frame for a vehicle some client
    /// may see, the topic itself for topics about no vehicle; `nil` when nobody there may get it.
    private func vehicleFrame(topic: [UInt8], topicName: String, subject: String) -> [UInt8]? {
        guard ClientPermissions.isVehicleTopic(topicName) else { return list.hasVehicleLimitedClients ? topic : nil }
        guard list.hasScopedReceivers(for: subject), ScopedTopic.canScope(subject) else { return nil }
        return ScopedTopic.frame(topic: topic, vehicle: subject)
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
