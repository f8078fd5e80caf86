import NavProtocol
import Testing

@testable import NavBus

/// The envelope reading a CURVE bus relies on: scoped topic frames, and attributes that cannot mean one thing to
/// the proxy and another to subscribers.
@Suite struct SecureEnvelopeTests {
    let codec = EnvelopeCodec()

    func envelope(subject: String) throws -> [UInt8] {
        try codec.encode(
            header: EnvelopeHeader(
                id: "1", source: "navbus://test/1", type: Topic.navArrival.eventType, time: .now(), subject: subject,
                sequence: 1),
            payload: ["waypointIndex": 0])
    }

    @Test func aScopedFrameDecodesAsItsTopicWhenItNamesTheSubject() throws {
        let body = try envelope(subject: "car-1")
        let frame = ScopedTopic.frame(topic: Array(Topic.navArrival.rawValue.utf8), vehicle: "car-1")
        let message = try codec.decode(frames: [frame, body])
        #expect(message.topic == .navArrival)
        #expect(message.header.subject == "car-1")
        let other = ScopedTopic.frame(topic: Array(Topic.navArrival.rawValue.utf8), vehicle: "car-2")
        #expect(throws: EnvelopeError.self) { try codec.decode(frames: [other, body]) }
    }

    @Test func attributionReadsSourceAndSubjectAndRefusesDuplicates() throws {
        let attribution = try codec.attribution(of: try envelope(subject: "car-1"))
        #expect(attribution.source == "navbus://test/1")
        #expect(attribution.subject == "car-1")
        let twice = #"{"specversion":"1.0","source":"a","subject":"car-1","subject":"car-2","data":{}}"#
        #expect(throws: EnvelopeError.self) { try codec.attribution(of: Array(twice.utf8)) }
        let escaped = #"{"specversion":"1.0","source":"a","subject":"car-1","subj\u0065ct":"car-2","data":{}}"#
        #expect(throws: EnvelopeError.self) { try codec.attribution(of: Array(escaped.utf8)) }
        let noData = #"{"specversion":"1.0","source":"a","subject":"car-1"}"#
        #expect(throws: EnvelopeError.self) { try codec.attribution(of: Array(noData.utf8)) }
    }
}
