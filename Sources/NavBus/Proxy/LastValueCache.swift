/// The latest message of every (topic, subject), so that a subscriber who joins late gets the current state
/// at once: the route being driven, the last location, the lighting mode.
///
/// Bounded: past `capacity` entries the least recently updated tenth is evicted.
public struct LastValueCache: Sendable {
    public struct Key: Hashable, Sendable {
        public let topic: String
        public let subject: String
    }

    struct Entry: Sendable {
        var envelope: [UInt8]
        var stamp: UInt64
    }

    public let capacity: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    public init(capacity: Int = 100_000) {
        precondition(capacity > 0, "a cache needs room for at least one entry")
        self.capacity = capacity
    }

    public var count: Int { entries.count }

    /// Remembers `envelope` as the latest message of (topic, subject).
    public mutating func store(topic: String, subject: String, envelope: [UInt8]) {
        clock += 1
        entries[Key(topic: topic, subject: subject)] = Entry(envelope: envelope, stamp: clock)
        if entries.count > capacity { evictOldest() }
    }

    /// The cached messages whose topic starts with `prefix`, oldest first, as (topic, envelope) pairs.
    public func messages(matching prefix: [UInt8]) -> [(topic: String, envelope: [UInt8])] {
        entries.filter { $0.key.topic.utf8.starts(with: prefix) }
            .sorted { $0.value.stamp < $1.value.stamp }
            .map { ($0.key.topic, $0.value.envelope) }
    }

    private mutating func evictOldest() {
        let keep = capacity - max(1, capacity / 10)
        let newest = entries.sorted { $0.value.stamp > $1.value.stamp }.prefix(keep)
        entries = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
    }
}
