import NavProtocol
import Testing

@testable import NavBus

@Suite struct EnvelopeCodecTests {
    let codec = EnvelopeCodec(maximumSize: 1 << 20)
    let header = EnvelopeHeader(
        id: "r-1", source: "navbus://test/1", type: Topic.gpsFix.eventType,
        time: Timestamp(secondsSince1970: 1_764_000_000), subject: "car1", dataschema: Topic.gpsFix.dataSchema,
        sequence: 1)
    let fix = GPSFix(
        latitude: 60.1699, longitude: 24.9384, altitude: 12, course: 90, speed: 13.9, horizontalAccuracy: 5,
        timestamp: Timestamp(secondsSince1970: 1_764_000_000), source: "simulator")

    func frames(_ topic: String, _ envelope: String) -> [[UInt8]] { [Array(topic.utf8), Array(envelope.utf8)] }

    @Test func roundTripsAMessage() throws {
        let envelope = try codec.encode(header: header, payload: fix)
        let message = try codec.decode(frames: [Array("gps.fix.v1".utf8), envelope])
        #expect(message.topic == .gpsFix)
        #expect(message.header == header)
        #expect(try message.decode(GPSFix.self) == fix)
    }

    @Test func envelopeCarriesEveryCloudEventsAttribute() throws {
        let envelope = try JSONParser.parse(try codec.encode(header: header, payload: fix))
        guard case .object(let object) = envelope else {
            Issue.record("not an object")
            return
        }
        #expect(
            object.keys == [
                "specversion", "id", "source", "type", "time", "subject", "datacontenttype", "dataschema",
                "sequence", "data",
            ])
        #expect(envelope["time"] == .string("2025-11-24T16:00:00.000Z"))
    }

    @Test(arguments: [
        ([["gps.fix.v1"]], EnvelopeError.Kind.malformed),
        ([["gps.fix.v1"], ["{}"], ["x"]], .malformed),
        ([["gps.fix.v1"], ["[1,2]"]], .malformed),
        ([["gps.fix.v1"], ["not json"]], .malformed),
        ([["nav.nonsense.v1"], ["{}"]], .unknownTopic),
        ([["gps.fix.v1"], ["{\"specversion\":\"0.3\"}"]], .wrongVersion),
        ([["gps.fix.v1"], ["{\"specversion\":\"1.0\",\"id\":\"1\"}"]], .malformed),
    ] as [([[String]], EnvelopeError.Kind)])
    func rejectsBadMessages(frames: [[String]], kind: EnvelopeError.Kind) {
        let raw = frames.map { Array($0[0].utf8) }
        #expect {
            _ = try codec.decode(frames: raw)
        } throws: { ($0 as? EnvelopeError)?.kind == kind }
    }

    @Test func rejectsInvalidUTF8AndOversize() {
        let invalid: [[UInt8]] = [Array("gps.fix.v1".utf8), [0x7B, 0xFF, 0xFE, 0x7D]]
        #expect { _ = try codec.decode(frames: invalid) } throws: { ($0 as? EnvelopeError)?.kind == .malformed }
        let huge: [[UInt8]] = [Array("gps.fix.v1".utf8), [UInt8](repeating: 0x20, count: (1 << 20) + 1)]
        #expect { _ = try codec.decode(frames: huge) } throws: { ($0 as? EnvelopeError)?.kind == .oversize }
    }

    @Test func rejectsATypeThatContradictsTheTopic() throws {
        let envelope = try codec.encode(header: header, payload: fix)
        #expect { _ = try codec.decode(frames: [Array("nav.location.v1".utf8), envelope]) } throws: {
            ($0 as? EnvelopeError)?.kind == .malformed
        }
    }

    @Test func acceptsForeignTopicsWhenAsked() throws {
        var foreign = header
        foreign.type = "navbus.custom.thing.v1"
        let envelope = try codec.encode(header: foreign, payload: ["a": 1])
        let message = try codec.decode(frames: [Array("custom.thing.v1".utf8), envelope], acceptUnknownTopics: true)
        #expect(message.topic == nil)
        #expect(message.topicName == "custom.thing.v1")
    }
}

@Suite struct EnvelopeScanTests {
    let codec = EnvelopeCodec(maximumSize: 1 << 20)

    @Test func scanAgreesWithDecodeOnGoodMessages() throws {
        let header = EnvelopeHeader(
            id: "r-1", source: "navbus://test/1", type: Topic.navRemainingTime.eventType,
            time: Timestamp(secondsSince1970: 1_764_000_000), subject: "car-4", sequence: 1)
        let envelope = try codec.encode(header: header, payload: JSONValue.object(JSONObject([("seconds", .array([.number(1.5), .integer(2)])), ("nested", .string("\"é\\"))])))
        let scanned = try codec.scan(frames: [Array("nav.remaining_time.v1".utf8), envelope])
        #expect(scanned.topic == "nav.remaining_time.v1")
        #expect(scanned.subject == "car-4")
    }

    @Test(arguments: [
        #"{"specversion":"1.0","id":"1","source":"s","type":"navbus.gps.fix.v1","time":"2026-11-29T10:00:00Z","subject":"v","data":{"a":[1,}}"#,
        #"{"specversion":"1.0","id":"1","source":"s","type":"navbus.gps.fix.v1","time":"2026-11-29T10:00:00Z","subject":"v"}"#,
        #"{"specversion":"1.0","id":"1","source":"s","type":"navbus.nav.location.v1","time":"2026-11-29T10:00:00Z","data":{}}"#,
        "{\"specversion\":\"1.0\",\"id\":\"1\",\"source\":\"s\",\"type\":\"navbus.gps.fix.v1\",\"time\":\"2026-11-29T10:00:00Z\",\"data\":{\"x\":\"\u{01}\"}}",
        #"{"specversion":"1.0","id":"1","source":"s","type":"navbus.gps.fix.v1","time":"yesterday","data":{}}"#,
        #"{"specversion":"1.0","id":"1","source":"s","type":"navbus.gps.fix.v1","time":"2026-11-29T10:00:00Z","data":{}} trailing"#,
        "[1,2]",
    ])
    func scanRejectsWhatDecodeRejects(text: String) {
        #expect(throws: EnvelopeError.self) { try codec.scan(frames: [Array("gps.fix.v1".utf8), Array(text.utf8)]) }
    }

    @Test func scanRejectsInvalidUTF8InsideSkippedData() {
        let bytes = Array(#"{"specversion":"1.0","id":"1","source":"s","type":"navbus.gps.fix.v1","time":"2026-11-29T10:00:00Z","data":{"x":""#.utf8)
            + [0xC3, 0x28] + Array(#""}}"#.utf8)
        #expect(throws: EnvelopeError.self) { try codec.scan(frames: [Array("gps.fix.v1".utf8), bytes]) }
    }
}
