public import NavBus
public import NavProtocol

/// Messages of one source that the logger never saw: the source's `sequence` jumped from `lastSequence` to
/// `sequence`.
public struct SequenceGap: Sendable, Equatable {
    /// The CloudEvents `source` that lost messages.
    public var source: String
    /// The last sequence number seen before the gap.
    public var lastSequence: UInt64
    /// The sequence number of the message after the gap.
    public var sequence: UInt64
    /// How many messages are missing (`sequence - lastSequence - 1`).
    public var missed: UInt64
    /// The envelope `time` of the message after the gap.
    public var time: Timestamp

    public init(source: String, lastSequence: UInt64, sequence: UInt64, missed: UInt64, time: Timestamp) {
        self.source = source
        self.lastSequence = lastSequence
        self.sequence = sequence
        self.missed = missed
        self.time = time
    }
}

/// Watches the `sequence` of every source and reports each gap once.
///
/// Sequences count every message a source publishes, across topics, so gaps mean something only when every
/// topic is received; the logger detects them only when it records everything.
///
/// Right after a subscriber connects, the proxy's last-value cache replays the latest message of each topic, whose
/// sequences are far apart; they are not losses. So sequences are followed only from the first message that
/// arrives after a warm-up period.
public struct SequenceGapDetector: Sendable {
    private var tracker = SequenceTracker()
    private var warmUpEnds: Double
    private var warmingUp = true
    /// Sources that restarted their counter (a new process with the same source name).
    public private(set) var restarts: UInt64 = 0

    /// - Parameter warmUpEnds: the monotonic time (seconds) from which gaps count; by default at once.
    public init(warmUpEnds: Double = -.infinity) {
        self.warmUpEnds = warmUpEnds
    }

    /// Looks at one received envelope.
    /// - Parameter monotonic: when it arrived, in monotonic seconds (compared with the warm-up's end).
    /// - Returns: the gap before this message, if messages are missing.
    public mutating func observe(_ header: EnvelopeHeader, at monotonic: Double = .infinity) -> SequenceGap? {
        if warmingUp {
            guard monotonic >= warmUpEnds else { return nil }
            warmingUp = false
        }
        guard let sequence = header.sequence else { return nil }
        switch tracker.observe(source: header.source, sequence: sequence, time: header.time) {
        case .gap(let missed):
            return SequenceGap(
                source: header.source, lastSequence: sequence - missed - 1, sequence: sequence, missed: missed,
                time: header.time)
        case .restarted:
            restarts += 1
            return nil
        case .inOrder, .duplicate:
            return nil
        }
    }
}
