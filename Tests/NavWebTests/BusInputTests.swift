import NavBus
import NavProtocol
import NavWeb
import Testing

@Suite struct BusInputTests {
    func message(_ topic: Topic, payload: some Encodable) throws -> BusMessage {
        let header = EnvelopeHeader(
            id: "t-1", source: "navbus://test/1", type: topic.eventType, time: ProtocolSamples.time, subject: "car",
            dataschema: topic.dataSchema, sequence: 1)
        let envelope = try EnvelopeCodec().encode(header: header, payload: payload)
        return try EnvelopeCodec().decode(frames: [Array(topic.rawValue.utf8), envelope])
    }

    /// Every topic of the catalogue, from its protocol sample: the page shows all but four.
    @Test(arguments: Topic.allCases)
    func decodesEveryTopicThePagesShow(topic: Topic) throws {
        let input = try BusInput(try message(topic, payload: ProtocolSamples.sample(for: topic)))
        switch topic {
        case .navLightingMode, .gpsFix, .heartbeat, .navVoicePrompt: #expect(input == nil)
        case .trafficConditions:
            guard case .traffic = input else {
                Issue.record("traffic.conditions.v1 is not a traffic input")
                return
            }
        default:
            guard case .vehicle = input else {
                Issue.record("\(topic.rawValue) is not a vehicle input")
                return
            }
        }
        // What the pages show must be what the service subscribes to.
        if input != nil { #expect(BusInput.prefixes.contains { topic.rawValue.hasPrefix($0) }) }
    }

    @Test func aPayloadThatDoesNotFitItsTopicIsAnError() throws {
        #expect(throws: (any Error).self) {
            _ = try BusInput(try message(.navNavInfo, payload: ProtocolSamples.sample(for: .gpsFix)))
        }
    }
}
