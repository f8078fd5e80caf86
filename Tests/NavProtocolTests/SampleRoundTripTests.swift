import Foundation
import NavProtocol
import Testing

@Suite("Samples round-trip through Foundation's JSON coders")
struct SampleRoundTripTests {
    @Test("every topic's sample encodes and decodes back equal", arguments: Topic.allCases)
    func topicSample(topic: Topic) throws {
        let sample = ProtocolSamples.sample(for: topic)
        #expect(type(of: sample) == topic.payloadType, "sample type differs from \(topic.rawValue)'s payload type")
        try expectRoundTrip(sample)
    }

    @Test("every method's sample params and result round-trip", arguments: Method.allCases)
    func methodSamples(method: Method) throws {
        let params = ProtocolSamples.params(for: method)
        let result = ProtocolSamples.result(for: method)
        #expect(type(of: params) == method.paramsType)
        #expect(type(of: result) == method.resultType)
        try expectRoundTrip(params)
        try expectRoundTrip(result)
    }

    @Test("a payload decodes as its topic's payload type")
    func decodesThroughPayloadType() throws {
        let data = try JSONCoding.encode(ProtocolSamples.sample(for: .navArrival))
        let decoded = try JSONDecoder().decode(Topic.navArrival.payloadType, from: data)
        #expect(decoded as? Arrival == ProtocolSamples.arrival)
    }

    private func expectRoundTrip(_ value: any Encodable) throws {
        guard let comparable = value as? any (Codable & Equatable) else {
            Issue.record("\(type(of: value)) is not Codable and Equatable")
            return
        }
        try expectEqualAfterRoundTrip(comparable)
    }

    private func expectEqualAfterRoundTrip<T: Codable & Equatable>(_ value: T) throws {
        #expect(try JSONCoding.roundTrip(value) == value)
    }
}
