/// Recognises duplicates by CloudEvents identity and counts lost messages per stream, in bounded memory.
///
/// CloudEvents defines a duplicate as a second event with the same `source` and `id`, and that is the only thing
/// dropped here: a message is never dropped for its `sequence` or `time`, so one envelope with a huge sequence
/// or a time far in the future cannot silence a source, and a foreign publisher that numbers its messages its own
/// way (per vehicle, per topic, from 1 after each restart) is delivered all the same.
///
/// `sequence` is used for loss detection only, per stream: (source, topic, subject). navbus publishers number each
/// stream on its own, so a subscriber that receives a topic can tell a lost message of it from the messages of
/// topics it never subscribed to. A sequence that goes down (a restarted or foreign publisher, a replay) starts
/// the stream again without counting anything.
///
/// Memory: per source the ids of the last ``recentIDsPerSource`` messages, at most ``maximumSources`` sources and
/// ``maximumStreams`` streams; the least recently seen are forgotten first. The last id of every stream is kept
/// too, so the state a publisher re-announces after a proxy restart is recognised however long ago it was sent.
public struct SequenceTracker: Sendable {
    public enum Verdict: Equatable, Sendable {
        /// A new message, the next of its stream (or the first one seen).
        case inOrder
        /// A new message; `missed` messages of its stream before it were never seen.
        case gap(missed: UInt64)
        /// The same (`source`, `id`) was already seen.
        case duplicate
        /// A new message whose sequence went down: the publisher restarted or numbers differently.
        case restarted
    }

    public static let recentIDsPerSource = 4096
    public static let maximumSources = 4096
    public static let maximumStreams = 65_536

    /// The ids seen lately from one source, as a ring with a set for lookup.
    private struct RecentIDs: Sendable {
        var ring: [String] = []
        var next = 0
        var members: Set<String> = []
        var lastSeen: UInt64 = 0

        mutating func insert(_ id: String) -> Bool {
            guard members.insert(id).inserted else { return false }
            if ring.count < SequenceTracker.recentIDsPerSource {
                ring.append(id)
            } else {
                members.remove(ring[next])
                ring[next] = id
                next = (next + 1) % ring.count
            }
            return true
        }
    }

    private struct StreamKey: Hashable, Sendable {
        var source: String
        var topic: String
        var subject: String
    }

    private struct StreamState: Sendable {
        var sequence: UInt64?
        var lastID: String
        var lastSeen: UInt64
    }

    private var sources: [String: RecentIDs] = [:]
    private var streams: [StreamKey: StreamState] = [:]
    private var clock: UInt64 = 0

    public init() {}

    /// Looks at one message.
    /// - Parameters:
    ///   - countsGaps: `false` for a message that is not part of the live stream (a snapshot answer): it is
    ///     checked for duplication only and does not move the stream's sequence.
    public mutating func observe(
        source: String, id: String, topic: String, subject: String, sequence: UInt64?, countsGaps: Bool = true
    ) -> Verdict {
        clock &+= 1
        let key = StreamKey(source: source, topic: topic, subject: subject)
        if streams[key]?.lastID == id { return .duplicate }
        var recent = sources.removeValue(forKey: source) ?? RecentIDs()
        let isNew = recent.insert(id)
        recent.lastSeen = clock
        sources[source] = recent
        if sources.count > Self.maximumSources { sources = Self.keepingNewest(sources, \.lastSeen) }
        guard isNew else { return .duplicate }

        var verdict = Verdict.inOrder
        var state = streams[key] ?? StreamState(sequence: nil, lastID: id, lastSeen: clock)
        state.lastID = id
        state.lastSeen = clock
        if countsGaps, let sequence {
            if let previous = state.sequence {
                if sequence > previous {
                    let missed = sequence - previous - 1
                    if missed > 0 { verdict = .gap(missed: missed) }
                } else {
                    verdict = .restarted
                }
            }
            state.sequence = sequence
        }
        streams[key] = state
        if streams.count > Self.maximumStreams { streams = Self.keepingNewest(streams, \.lastSeen) }
        return verdict
    }

    /// Forgets every source and stream (for example after reconnecting to a new proxy).
    public mutating func reset() {
        sources.removeAll()
        streams.removeAll()
    }

    /// The newest nine tenths of `entries` by `stamp`, so eviction runs once per many insertions.
    private static func keepingNewest<Key, Value>(_ entries: [Key: Value], _ stamp: KeyPath<Value, UInt64>) -> [Key: Value] {
        let keep = entries.count - max(1, entries.count / 10)
        return Dictionary(
            uniqueKeysWithValues: entries.sorted { $0.value[keyPath: stamp] > $1.value[keyPath: stamp] }.prefix(keep)
                .map { ($0.key, $0.value) })
    }
}
