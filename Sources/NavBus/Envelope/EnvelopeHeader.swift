public import NavProtocol

/// The CloudEvents 1.0 attributes of a bus message: everything in the envelope except `data`.
public struct EnvelopeHeader: Sendable, Equatable {
    /// Always `"1.0"`; a receiver rejects any other value as a wrong version.
    public var specversion: String
    /// Unique per source.
    public var id: String
    /// The producing process instance, e.g. `navbus://navigator/host-4711`.
    public var source: String
    /// `navbus.` followed by the topic name.
    public var type: String
    /// When the message was published (not when the measurement was taken).
    public var time: Timestamp
    /// The vehicle the message is about; `"default"` when there is one vehicle.
    public var subject: String
    public var datacontenttype: String
    /// The payload schema's path under `Protocols/`.
    public var dataschema: String?
    /// Counter of the stream (source, topic, subject), so receivers count what they lost of a topic; duplicates
    /// are recognised by (`source`, `id`), never by this.
    public var sequence: UInt64?

    public static let specVersion = "1.0"
    public static let contentType = "application/json"

    public init(
        id: String, source: String, type: String, time: Timestamp, subject: String,
        dataschema: String? = nil, sequence: UInt64? = nil,
        specversion: String = EnvelopeHeader.specVersion, datacontenttype: String = EnvelopeHeader.contentType
    ) {
        self.specversion = specversion
        self.id = id
        self.source = source
        self.type = type
        self.time = time
        self.subject = subject
        self.datacontenttype = datacontenttype
        self.dataschema = dataschema
        self.sequence = sequence
    }
}

/// A decoded bus message: the topic frame, the envelope attributes and the parsed payload.
public struct BusMessage: Sendable {
    /// The topic frame as received.
    public var topicName: String
    /// The catalogue entry, or `nil` for a topic outside the catalogue.
    public var topic: Topic? { Topic(rawValue: topicName) }
    public var header: EnvelopeHeader
    /// The `data` member, parsed but not yet typed.
    public var data: JSONValue
    /// The envelope exactly as it travelled, for loggers and replays.
    public var rawEnvelope: [UInt8]
    /// Whether it came from the last-value cache's snapshot (state from before subscribing) rather than live.
    public var isSnapshot: Bool

    public init(
        topicName: String, header: EnvelopeHeader, data: JSONValue, rawEnvelope: [UInt8], isSnapshot: Bool = false
    ) {
        self.topicName = topicName
        self.header = header
        self.data = data
        self.rawEnvelope = rawEnvelope
        self.isSnapshot = isSnapshot
    }

    /// Decodes the payload as `T`.
    /// - Throws: `DecodingError` when the payload does not fit `T`.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONValueDecoder().decode(type, from: data)
    }
}
