/// A CURVE public key as the ZAP handler hands it over in the `User-Id` property (its 40 Z85 characters), held
/// in five words so that the proxy recognises the sender of each message by comparing or hashing 40 bytes,
/// without building a String from the property and hashing that.
struct PeerKey: Hashable {
    private let first, second, third, fourth, fifth: UInt64

    /// `nil` unless `bytes` has the length of a Z85 key.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 40 else { return nil }
        first = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        second = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        third = bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        fourth = bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        fifth = bytes.loadUnaligned(fromByteOffset: 32, as: UInt64.self)
    }
}

/// What one publishing key may do, taken from its access control entry once, plus the decision for each topic
/// frame it has sent, so that a run of messages costs the proxy one comparison of the topic frame instead of
/// prefix tests and a topic-name lookup per message.
struct PublisherRules {
    /// Whether the key is in the list in force (a key removed since it connected is not).
    let isListed: Bool
    let publish: [String]
    let sources: [String]
    private let vehicles: VehicleSet?
    private var topics: [TopicRule] = []

    /// Topics remembered per key; a publisher inventing topic names past this is decided afresh each time.
    static let maximumTopics = 64

    init(client: ClientPermissions?) {
        isListed = client != nil
        publish = client?.publish ?? []
        sources = client?.sources ?? []
        vehicles = client?.vehicles
    }

    func mayAccess(vehicle: String) -> Bool {
        vehicles?.contains(vehicle) ?? true
    }

    func rule(for topic: UnsafeRawBufferPointer) -> TopicRule? {
        topics.first { $0.matches(topic) }
    }

    mutating func remember(_ rule: TopicRule) {
        if topics.count < Self.maximumTopics { topics.append(rule) }
    }
}

/// A publisher's decision about one topic frame.
struct TopicRule {
    let frame: [UInt8]
    /// Whether one of the key's `publish` prefixes covers the topic.
    let mayPublish: Bool
    /// Whether the topic's subject is a vehicle, so that a key limited to some vehicles is checked against it.
    let isVehicleTopic: Bool

    func matches(_ topic: UnsafeRawBufferPointer) -> Bool {
        frame.count == topic.count && frame.elementsEqual(topic)
    }
}
