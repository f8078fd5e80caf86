public import NavProtocol
import NavBus

/// Why a line of a recorded log cannot be replayed.
public struct RecordedMessageError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One bus message read back from a JSON Lines log (the logger's files or `navbus sub --json`).
public struct RecordedMessage: Sendable, Equatable {
    /// The topic frame.
    public let topicName: String
    /// The envelope to send.
    public let envelope: [UInt8]
    /// The envelope's `time`, which paces a replay.
    public let time: Timestamp

    public init(topicName: String, envelope: [UInt8], time: Timestamp) {
        self.topicName = topicName
        self.envelope = envelope
        self.time = time
    }

    /// Reads one line `{"topic":...,"envelope":{...}}`.
    ///
    /// The envelope is returned byte for byte as it appears in the line when the line has the exact layout the
    /// logger writes, so a replay sends what was received; for other layouts (a log reformatted by another tool)
    /// it is re-encoded compactly from the parsed value.
    /// - Returns: `nil` for a blank line and for the logger's own records (`navbus.logger.*`, e.g. gaps).
    /// - Throws: `RecordedMessageError` when the line is not such an object.
    public static func parse(line: [UInt8]) throws(RecordedMessageError) -> RecordedMessage? {
        var end = line.count
        while end > 0, [0x0A, 0x0D, 0x20, 0x09].contains(line[end - 1]) { end -= 1 }
        guard end > 0 else { return nil }
        let text = line[..<end]
        let document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw RecordedMessageError("not JSON: \(error)")
        }
        guard let topicName = document["topic"]?.stringValue, !topicName.isEmpty else {
            throw RecordedMessageError("no \"topic\" string")
        }
        if topicName.hasPrefix(LogLine.loggerTopicPrefix) { return nil }
        guard let envelope = document["envelope"], case .object = envelope else {
            throw RecordedMessageError("no \"envelope\" object for topic \(topicName)")
        }
        guard let timeText = envelope["time"]?.stringValue, let time = Timestamp(rfc3339: timeText) else {
            throw RecordedMessageError("the envelope of \(topicName) has no RFC 3339 \"time\"")
        }
        let bytes = verbatimEnvelope(in: Array(text), topicName: topicName, expected: envelope)
            ?? Array(envelope.jsonText.utf8)
        return RecordedMessage(topicName: topicName, envelope: bytes, time: time)
    }

    /// The envelope's own bytes when the line is exactly `{"topic":<topic>,"envelope":<envelope>}`.
    private static func verbatimEnvelope(in line: [UInt8], topicName: String, expected: JSONValue) -> [UInt8]? {
        var head = JSONWriter()
        head.raw("{\"topic\":")
        head.string(topicName)
        head.raw(",\"envelope\":")
        guard line.count > head.bytes.count + 1, line.starts(with: head.bytes), line.last == UInt8(ascii: "}") else {
            return nil
        }
        let candidate = Array(line[head.bytes.count..<(line.count - 1)])
        guard let parsed = try? JSONParser.parse(candidate), parsed == expected else { return nil }
        return candidate
    }
}

extension RecordedMessage {
    /// The same message with its envelope `time` moved by `seconds`, everything else kept.
    ///
    /// A replay that loops sends the same `sequence` numbers again; with times moved forward, subscribers see
    /// a restarted source instead of duplicates to drop.
    /// - Throws: `RecordedMessageError` when the envelope is not a JSON object.
    public func restamped(shiftingTimeBy seconds: Double) throws(RecordedMessageError) -> RecordedMessage {
        guard case .object(var object)? = try? JSONParser.parse(envelope) else {
            throw RecordedMessageError("the envelope of \(topicName) is not a JSON object")
        }
        let shifted = time.adding(seconds: seconds)
        object["time"] = .string(shifted.rfc3339)
        return RecordedMessage(
            topicName: topicName, envelope: Array(JSONValue.object(object).jsonText.utf8), time: shifted)
    }
}
