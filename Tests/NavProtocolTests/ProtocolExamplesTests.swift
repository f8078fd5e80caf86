import Foundation
import NavProtocol
import Testing

/// `Protocols/examples/` is validated against the schemas by `tests/interop/test_protocols.py`; these
/// tests tie the same files to the Swift types, so schemas, examples and code describe one contract.
@Suite("Protocols/examples agree with the Swift samples")
struct ProtocolExamplesTests {
    static let protocols = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Protocols")

    @Test("each example's data decodes to the topic's Swift sample", arguments: Topic.allCases)
    func exampleMatchesSample(topic: Topic) throws {
        let file = Self.protocols.appendingPathComponent("examples/\(topic.rawValue).json")
        let envelope = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
            "\(file.path) is not a JSON object")
        #expect(envelope["type"] as? String == topic.eventType)
        #expect(envelope["dataschema"] as? String == topic.dataSchema)
        let payload = try JSONSerialization.data(withJSONObject: try #require(envelope["data"]))
        guard let sample = ProtocolSamples.sample(for: topic) as? any (Codable & Equatable) else {
            Issue.record("the sample for \(topic.rawValue) is not Codable and Equatable")
            return
        }
        #expect(try decodes(payload, to: sample), "examples/\(topic.rawValue).json differs from ProtocolSamples")
    }

    @Test("each JSON-RPC example carries the method's Swift sample params and result", arguments: Method.allCases)
    func rpcExampleMatchesSamples(method: Method) throws {
        let file = Self.protocols.appendingPathComponent("examples/rpc/\(method.rawValue).json")
        let example = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
            "\(file.path) is not a JSON object")
        let request = try #require(example["request"] as? [String: Any])
        let response = try #require(example["response"] as? [String: Any])
        #expect(request["method"] as? String == method.rawValue)
        let params = try JSONSerialization.data(withJSONObject: try #require(request["params"]))
        let result = try JSONSerialization.data(withJSONObject: try #require(response["result"]))
        guard let sampleParams = ProtocolSamples.params(for: method) as? any (Codable & Equatable),
            let sampleResult = ProtocolSamples.result(for: method) as? any (Codable & Equatable)
        else {
            Issue.record("the samples for \(method.rawValue) are not Codable and Equatable")
            return
        }
        #expect(try decodes(params, to: sampleParams), "params differ from ProtocolSamples")
        #expect(try decodes(result, to: sampleResult), "result differs from ProtocolSamples")
    }

    @Test("every topic has its schema file at its dataschema path", arguments: Topic.allCases)
    func schemaExists(topic: Topic) {
        let path = Self.protocols.appendingPathComponent(topic.dataSchema).path
        #expect(FileManager.default.fileExists(atPath: path), "missing \(path)")
    }

    @Test("every method has its schema file", arguments: Method.allCases)
    func methodSchemaExists(method: Method) {
        let path = Self.protocols.appendingPathComponent(method.schema).path
        #expect(FileManager.default.fileExists(atPath: path), "missing \(path)")
    }

    private func decodes<T: Codable & Equatable>(_ data: Data, to sample: T) throws -> Bool {
        try JSONDecoder().decode(T.self, from: data) == sample
    }
}
