public import NavBus
public import NavProtocol

/// Messages of one stream (source, topic, subject) that the logger never saw: the stream's `sequence` jumped
/// from `lastSequence` to `sequence`.
public struct SequenceGap: Sendable, Equatable {
    /// The CloudEvents `source` that lost messages.
    public var source: String
    /// The topic of the stream.
    public var topic: String
    /// The vehicle of the stream.
    public var subject: String
    /// The last sequence number seen before the gap.
    public var lastSequence: UInt64
    /// The sequence number of the message after the gap.
    public var sequence: UInt64
    /// How many messages are missing (`sequence - lastSequence - 1`).
    public var missed: UInt64
    /// The envelope `time` of the message after the gap.
    public var time: Timestamp

    public init(
        source: String, topic: String = "", subject: String = "", lastSequence: UInt64, sequence: UInt64,
        missed: UInt64, time: Timestamp
    ) {
        self.source = source
        self.topic = topic
        self.subject = subject
        self.lastSequence = lastSequence
        self.sequence = sequence
        self.missed = missed
        self.time = time
    }
}

/// Watches the `sequence` of every stream and reports each gap once.
///
/// navbus publishers number each (topic, subject) stream on its own, so a gap means loss whatever topics the
/// logger records. Messages from the last-value cache's snapshot are state from before subscribing and are not
/// followed (``BusMessage/isSnapshot``); an optional warm-up ignores the first moments after connecting.
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
    public mutating func observe(
        _ header: EnvelopeHeader, topic: String, at monotonic: Double = .infinity
    ) -> SequenceGap? {
        if warmingUp {
            guard monotonic >= warmUpEnds else { return nil }
            warmingUp = false
        }
        guard let sequence = header.sequence else { return nil }
        switch tracker.observe(
            source: header.source, id: header.id, topic: topic, subject: header.subject, sequence: sequence)
        {
        case .gap(let missed):
            return SequenceGap(
                source: header.source, topic: topic, subject: header.subject, lastSequence: sequence - missed - 1,
                sequence: sequence, missed: missed, time: header.time)
        case .restarted:
            restarts += 1
            return nil
        case .inOrder, .duplicate:
            return nil
        }
    }
}
