public import NavProtocol

/// Follows the `sequence` attribute of every source, to count lost messages and drop duplicates.
///
/// Duplicates are expected: the proxy's last-value cache replays the latest message of a topic to each new
/// subscriber, and existing subscribers of that topic see the replay too. A replay carries an old sequence and
/// an old `time`; a publisher that restarted also starts its sequence again, but with a newer `time`.
public struct SequenceTracker: Sendable {
    public enum Verdict: Equatable, Sendable {
        case inOrder
        /// `missed` messages of this source were never seen.
        case gap(missed: UInt64)
        case duplicate
        /// The source restarted its counter.
        case restarted
    }

    private struct Last: Sendable {
        var sequence: UInt64
        var time: Timestamp
    }

    private var last: [String: Last] = [:]

    public init() {}

    public mutating func observe(source: String, sequence: UInt64, time: Timestamp) -> Verdict {
        guard let previous = last[source] else {
            last[source] = Last(sequence: sequence, time: time)
            return .inOrder
        }
        if sequence > previous.sequence {
            last[source] = Last(sequence: sequence, time: time)
            let missed = sequence - previous.sequence - 1
            return missed == 0 ? .inOrder : .gap(missed: missed)
        }
        if time > previous.time {
            last[source] = Last(sequence: sequence, time: time)
            return .restarted
        }
        return .duplicate
    }

    /// Forgets every source (for example after reconnecting to a new proxy).
    public mutating func reset() { last.removeAll() }
}
