/// The latest message of every (topic, subject), so that a subscriber who joins late gets the current state
/// at once: the route being driven, the last location, the lighting mode.
///
/// Bounded twice: by entries (`capacity`) and by the bytes of the envelopes it holds (`maximumBytes`), so a
/// flood of large messages about ever new subjects cannot grow the proxy without limit. Past either bound the
/// least recently updated entries go, a tenth at a time so eviction stays rare; evictions are counted.
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
    public let maximumBytes: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// Bytes of the envelopes held.
    public private(set) var byteCount = 0
    /// Entries evicted so far to stay within the bounds.
    public private(set) var evictions: UInt64 = 0

    /// - Parameters:
    ///   - capacity: most entries; values below 1 count as 1.
    ///   - maximumBytes: most envelope bytes held; one entry is always kept, however large.
    public init(capacity: Int = 100_000, maximumBytes: Int = 64 << 20) {
        self.capacity = max(1, capacity)
        self.maximumBytes = max(0, maximumBytes)
    }

    public var count: Int { entries.count }

    /// Remembers `envelope` as the latest message of (topic, subject).
    public mutating func store(topic: String, subject: String, envelope: [UInt8]) {
        clock += 1
        let old = entries.updateValue(Entry(envelope: envelope, stamp: clock), forKey: Key(topic: topic, subject: subject))
        byteCount += envelope.count - (old?.envelope.count ?? 0)
        if entries.count > capacity || byteCount > maximumBytes { evictOldest() }
    }

    /// The cached messages whose topic starts with `prefix`, oldest first, as (topic, envelope) pairs.
    public func messages(matching prefix: [UInt8]) -> [(topic: String, envelope: [UInt8])] {
        entries.filter { $0.key.topic.utf8.starts(with: prefix) }
            .sorted { $0.value.stamp < $1.value.stamp }
            .map { ($0.key.topic, $0.value.envelope) }
    }

    private mutating func evictOldest() {
        let keepEntries = capacity - max(1, capacity / 10)
        let keepBytes = maximumBytes - maximumBytes / 10
        var newestFirst = entries.sorted { $0.value.stamp > $1.value.stamp }
        var kept = 0
        var bytes = 0
        for (index, entry) in newestFirst.enumerated() {
            let size = entry.value.envelope.count
            if index > 0, kept >= keepEntries || bytes + size > keepBytes { break }
            kept += 1
            bytes += size
        }
        evictions += UInt64(entries.count - kept)
        newestFirst.removeSubrange(kept...)
        entries = Dictionary(uniqueKeysWithValues: newestFirst.map { ($0.key, $0.value) })
        byteCount = bytes
    }
}
