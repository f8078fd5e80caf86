import NavProtocol

/// Why a received message was rejected. `kind` is what the heartbeat counts.
public struct EnvelopeError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Not two frames, not JSON, not an object, a missing or mistyped attribute.
        case malformed
        /// `specversion` other than 1.0.
        case wrongVersion
        /// A topic frame outside the catalogue.
        case unknownTopic
        /// Larger than the receiver accepts.
        case oversize
    }

    public let kind: Kind
    public let reason: String

    public var description: String { "\(kind.rawValue): \(reason)" }
}

/// Encodes and decodes the CloudEvents 1.0 structured envelope, the second frame of every message.
///
/// This is the bus's hot path, so it writes the attributes directly and streams the payload with
/// `StreamingJSONEncoder` instead of going through Foundation's coders.
public struct EnvelopeCodec: Sendable {
    /// Envelopes larger than this are rejected unparsed (the proxy still forwards them).
    public var maximumSize: Int

    public init(maximumSize: Int = 1 << 20) {
        self.maximumSize = maximumSize
    }

    /// Encodes an envelope around `payload`.
    /// - Throws: `EncodingError` when the payload has no JSON form (for example a non-finite number).
    public func encode(header: EnvelopeHeader, payload: some Encodable) throws -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        writer.raw("{\"specversion\":")
        writer.string(header.specversion)
        writer.raw(",\"id\":")
        writer.string(header.id)
        writer.raw(",\"source\":")
        writer.string(header.source)
        writer.raw(",\"type\":")
        writer.string(header.type)
        writer.raw(",\"time\":")
        header.time.appendRFC3339(quotedTo: &writer)
        writer.raw(",\"subject\":")
        writer.string(header.subject)
        writer.raw(",\"datacontenttype\":")
        writer.string(header.datacontenttype)
        if let schema = header.dataschema {
            writer.raw(",\"dataschema\":")
            writer.string(schema)
        }
        if let sequence = header.sequence {
            writer.raw(",\"sequence\":")
            writer.integer(sequence)
        }
        writer.raw(",\"data\":")
        try StreamingJSONEncoder().encode(payload, into: &writer)
        writer.raw(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// Decodes a two-frame message.
    /// - Parameters:
    ///   - frames: the frames as received.
    ///   - acceptUnknownTopics: whether a topic outside the catalogue is delivered instead of rejected.
    /// - Throws: `EnvelopeError` saying what is wrong.
    public func decode(frames: [[UInt8]], acceptUnknownTopics: Bool = false) throws(EnvelopeError) -> BusMessage {
        guard frames.count == 2 else {
            throw EnvelopeError(kind: .malformed, reason: "expected 2 frames (topic, envelope), got \(frames.count)")
        }
        // A client limited to some vehicles receives `topic[vehicle]` frames (see `ScopedTopic`).
        let (topicFrame, scopedVehicle) = ScopedTopic.split(frames[0])
        guard let topicName = String(validating: topicFrame, as: UTF8.self), !topicName.isEmpty else {
            throw EnvelopeError(kind: .malformed, reason: "topic frame is empty or not UTF-8")
        }
        if !acceptUnknownTopics, Topic(rawValue: topicName) == nil {
            throw EnvelopeError(kind: .unknownTopic, reason: "topic '\(topicName.prefix(80))' is not in the catalogue")
        }
        let (header, data) = try decodeEnvelope(frames[1])
        if let scopedVehicle, String(decoding: scopedVehicle, as: UTF8.self) != header.subject {
            throw EnvelopeError(kind: .malformed, reason: "scoped topic frame names another vehicle than the subject")
        }
        if let topic = Topic(rawValue: topicName), header.type != topic.eventType {
            throw EnvelopeError(
                kind: .malformed, reason: "type '\(header.type)' does not match topic '\(topicName)'")
        }
        return BusMessage(topicName: topicName, header: header, data: data, rawEnvelope: frames[1])
    }

    /// Checks a two-frame message the way `decode` does, but reads only the attributes, skipping over `data`
    /// without building it. The proxy's cache uses this on every message it forwards.
    /// - Returns: the topic frame and the envelope's subject.
    /// - Throws: `EnvelopeError` saying what is wrong.
    public func scan(frames: [[UInt8]]) throws(EnvelopeError) -> (topic: String, subject: String) {
        guard frames.count == 2 else {
            throw EnvelopeError(kind: .malformed, reason: "expected 2 frames (topic, envelope), got \(frames.count)")
        }
        guard let topicName = String(validating: frames[0], as: UTF8.self), let topic = Topic(rawValue: topicName) else {
            throw EnvelopeError(kind: .unknownTopic, reason: "topic frame is not in the catalogue")
        }
        guard frames[1].count <= maximumSize else {
            throw EnvelopeError(kind: .oversize, reason: "envelope of \(frames[1].count) bytes exceeds \(maximumSize)")
        }
        let slots: [JSONValue?]
        do {
            slots = try JSONParser.scanObject(frames[1], keys: Self.scannedAttributes, present: ["data"])
        } catch {
            throw EnvelopeError(kind: .malformed, reason: error.description)
        }
        guard case .string(let version) = slots[0] else {
            throw EnvelopeError(kind: .malformed, reason: "missing attribute 'specversion'")
        }
        guard version == EnvelopeHeader.specVersion else {
            throw EnvelopeError(kind: .wrongVersion, reason: "specversion '\(version.prefix(20))' is not 1.0")
        }
        for (slot, name) in Self.scannedAttributes.enumerated().dropFirst() where name != "subject" {
            guard slots[slot]?.stringValue != nil else {
                throw EnvelopeError(kind: .malformed, reason: "missing or non-string attribute '\(name)'")
            }
        }
        guard let time = slots[4]?.stringValue, Timestamp(rfc3339: time) != nil else {
            throw EnvelopeError(kind: .malformed, reason: "time is not an RFC 3339 date-time")
        }
        guard slots[3]?.stringValue == topic.eventType else {
            throw EnvelopeError(kind: .malformed, reason: "type does not match topic '\(topicName)'")
        }
        guard slots[Self.scannedAttributes.count] != nil else {
            throw EnvelopeError(kind: .malformed, reason: "missing attribute 'data'")
        }
        return (topicName, slots[5]?.stringValue ?? "default")
    }

    /// The attributes `scan` reads, in the order of its checks.
    private static let scannedAttributes = ["specversion", "id", "source", "type", "time", "subject"]

    /// Decodes the envelope frame alone.
    /// - Throws: `EnvelopeError` saying what is wrong.
    public func decodeEnvelope(_ bytes: [UInt8]) throws(EnvelopeError) -> (EnvelopeHeader, JSONValue) {
        guard bytes.count <= maximumSize else {
            throw EnvelopeError(kind: .oversize, reason: "envelope of \(bytes.count) bytes exceeds \(maximumSize)")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw EnvelopeError(kind: .malformed, reason: error.description)
        }
        guard case .object(let object) = document else {
            throw EnvelopeError(kind: .malformed, reason: "envelope is \(document.kindDescription), not an object")
        }
        func text(_ name: String) throws(EnvelopeError) -> String {
            guard let value = object[name] else {
                throw EnvelopeError(kind: .malformed, reason: "missing attribute '\(name)'")
            }
            guard case .string(let string) = value else {
                throw EnvelopeError(kind: .malformed, reason: "attribute '\(name)' is \(value.kindDescription), not a string")
            }
            return string
        }
        let specversion = try text("specversion")
        guard specversion == EnvelopeHeader.specVersion else {
            throw EnvelopeError(kind: .wrongVersion, reason: "specversion '\(specversion.prefix(20))' is not 1.0")
        }
        let timeText = try text("time")
        guard let time = Timestamp(rfc3339: timeText) else {
            throw EnvelopeError(kind: .malformed, reason: "time '\(timeText.prefix(40))' is not an RFC 3339 date-time")
        }
        var sequence: UInt64?
        if let value = object["sequence"] {
            guard let number = value.int64Value, number >= 0 else {
                throw EnvelopeError(kind: .malformed, reason: "sequence is not a non-negative integer")
            }
            sequence = UInt64(number)
        }
        guard let data = object["data"] else {
            throw EnvelopeError(kind: .malformed, reason: "missing attribute 'data'")
        }
        let header = EnvelopeHeader(
            id: try text("id"), source: try text("source"), type: try text("type"), time: time,
            subject: object["subject"]?.stringValue ?? "default",
            dataschema: object["dataschema"]?.stringValue, sequence: sequence,
            specversion: specversion,
            datacontenttype: object["datacontenttype"]?.stringValue ?? EnvelopeHeader.contentType)
        return (header, data)
    }
}
