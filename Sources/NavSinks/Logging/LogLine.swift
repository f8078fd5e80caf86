public import NavProtocol
import NavBus

/// The JSON Lines the logger writes, one object per line:
///
/// - a bus message: `{"topic":"nav.arrival.v1","envelope":{...}}`, the envelope byte for byte as received;
/// - a sequence gap: `{"topic":"navbus.logger.gap","gap":{"source":...,"lastSequence":41,"sequence":44,
///   "missed":2,"time":...,"detectedAt":...}}`.
///
/// Records of the logger itself have topics starting with `navbus.logger.` and no `envelope`; readers that
/// want bus messages skip them (``RecordedMessage`` does).
public enum LogLine {
    /// The topic of a gap record.
    public static let gapTopic = "navbus.logger.gap"
    /// The topic prefix of every record the logger adds itself.
    public static let loggerTopicPrefix = "navbus.logger."

    /// The line for a received message, with its newline.
    public static func message(topicName: String, envelope: [UInt8]) -> [UInt8] {
        var writer = JSONWriter(capacity: envelope.count + topicName.utf8.count + 32)
        writer.raw("{\"topic\":")
        writer.string(topicName)
        writer.raw(",\"envelope\":")
        writer.raw(bytes: envelope)
        writer.raw("}\n")
        return writer.bytes
    }

    /// The line recording `gap`, detected at `detectedAt`, with its newline.
    public static func gap(_ gap: SequenceGap, detectedAt: Timestamp) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.raw("{\"topic\":")
        writer.string(gapTopic)
        writer.raw(",\"gap\":{\"source\":")
        writer.string(gap.source)
        writer.raw(",\"lastSequence\":")
        writer.integer(gap.lastSequence)
        writer.raw(",\"sequence\":")
        writer.integer(gap.sequence)
        writer.raw(",\"missed\":")
        writer.integer(gap.missed)
        if !gap.topic.isEmpty {
            writer.raw(",\"streamTopic\":")
            writer.string(gap.topic)
            writer.raw(",\"subject\":")
            writer.string(gap.subject)
        }
        writer.raw(",\"time\":")
        writer.string(gap.time.rfc3339)
        writer.raw(",\"detectedAt\":")
        writer.string(detectedAt.rfc3339)
        writer.raw("}}\n")
        return writer.bytes
    }
}
