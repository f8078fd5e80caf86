import Foundation
import NavProtocol
import Testing

@testable import NavBus

@Suite struct StreamingJSONEncoderTests {
    struct Inner: Codable, Equatable {
        var name: String
        var values: [Double]
        var flags: [String: Bool]
    }

    struct Outer: Codable, Equatable {
        var id: Int
        var optional: String?
        var inner: Inner
        var list: [Inner]
        var nested: [[Int]]
        var when: Timestamp
        var empty: [Inner]
        var trailing: UInt64
    }

    let sample = Outer(
        id: 7, optional: nil,
        inner: Inner(name: "a \"quoted\" \\ name\n", values: [1.5, -2, 0.1], flags: ["x": true]),
        list: [Inner(name: "b", values: [], flags: [:]), Inner(name: "ä", values: [3], flags: ["y": false])],
        nested: [[1, 2], [], [3]], when: Timestamp(secondsSince1970: 1_764_000_000.25), empty: [], trailing: 99)

    @Test func roundTripsNestedValues() throws {
        let bytes = try StreamingJSONEncoder().encode(sample)
        let decoded = try JSONValueDecoder().decode(Outer.self, from: bytes)
        #expect(decoded == sample)
    }

    @Test func omitsNilOptionals() throws {
        let text = String(decoding: try StreamingJSONEncoder().encode(sample), as: UTF8.self)
        #expect(!text.contains("optional"))
        #expect(text.hasPrefix("{\"id\":7,\"inner\":{"))
    }

    @Test func producesTextFoundationCanRead() throws {
        let bytes = try StreamingJSONEncoder().encode(sample)
        let parsed = try JSONParser.parse(bytes)
        #expect(parsed["when"] == .string("2025-11-24T16:00:00.250Z"))
        #expect(parsed["nested"] == .array([.array([.integer(1), .integer(2)]), .array([]), .array([.integer(3)])]))
    }

    @Test func writesNumberArraysAsFoundationDoes() throws {
        struct Line: Codable, Equatable { var coordinates: [[Double]]; var speeds: [Double]; var after: Int }
        let line = Line(
            coordinates: [[24.9384, 60.1699], [], [-0.5, 1e-7, 123.25]], speeds: [8.88888888888889, 0, -3], after: 1)
        let ours = try JSONParser.parse(try StreamingJSONEncoder().encode(line))
        let foundation = try JSONParser.parse(Array(try JSONEncoder().encode(line)))
        #expect(ours == foundation)
        #expect(try JSONValueDecoder().decode(Line.self, from: try StreamingJSONEncoder().encode(line)) == line)
        #expect(String(decoding: try StreamingJSONEncoder().encode(Line(coordinates: [], speeds: [], after: 2)), as: UTF8.self)
            == #"{"coordinates":[],"speeds":[],"after":2}"#)
    }

    @Test func rejectsNonFiniteNumbersInPositions() {
        struct Line: Encodable { var coordinates = [[1.0, .infinity]] }
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(Line()) }
    }

    @Test func rejectsNonFiniteNumbers() {
        struct Bad: Encodable { var value = Double.nan }
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder().encode(Bad()) }
    }

    @Test func decodingErrorsNameThePath() throws {
        let value = try JSONParser.parse(#"{"id":1,"inner":{"name":"x","values":["no"],"flags":{}}}"#)
        do {
            _ = try JSONValueDecoder().decode(Outer.self, from: value)
            Issue.record("decoding should fail")
        } catch {
            #expect(JSONValueDecoder.describe(error) == "inner.values[0]: expected a number, found a string")
        }
    }

    @Test func missingMembersAreNamed() throws {
        do {
            _ = try JSONValueDecoder().decode(Inner.self, from: try JSONParser.parse(#"{"name":"x"}"#))
            Issue.record("decoding should fail")
        } catch {
            #expect(JSONValueDecoder.describe(error) == "missing member 'values'")
        }
    }
}

@Suite struct StreamingEncoderMergingTests {
    struct Box: Codable, Equatable {
        var north: Double
        var south: Double
    }

    /// Encodes its kind and then a nested value into the same object, as Foundation permits.
    struct Tagged: Encodable {
        enum CodingKeys: String, CodingKey { case type }
        var box: Box

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("box", forKey: .type)
            try box.encode(to: encoder)
        }
    }

    @Test func reusesTheOpenContainerOfTheSameEncoder() throws {
        let text = String(decoding: try StreamingJSONEncoder().encode([Tagged(box: Box(north: 2, south: 1))]), as: UTF8.self)
        #expect(text == #"[{"type":"box","north":2,"south":1}]"#)
    }
}

@Suite struct NumberFormattingTests {
    @Test(arguments: [
        60.169857, 24.938379, -0.5, 0.1, 13.89, -179.999_999_9, 1e-7, 123_456_789.123, 0.000_001_5, 1e20, 2.5e-12,
        Double.pi, -Double.pi, 0.3, 99.99, 1.0 / 3.0, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, 0.001,
    ])
    func numbersReadBackExactlyAndShort(value: Double) throws {
        var writer = JSONWriter()
        writer.number(value)
        let text = writer.string
        #expect(Double(text) == value, "\(text)")
        #expect(text.count <= value.description.count + 1, "\(text) is longer than \(value.description)")
    }

    @Test func fixedFormsLookLikePeopleWriteThem() {
        var writer = JSONWriter()
        for value in [60.169857, -0.5, 0.05, 13.9, 100.0] {
            writer.number(value)
            writer.raw(UInt8(ascii: " "))
        }
        #expect(writer.string == "60.169857 -0.5 0.05 13.9 100 ")
    }
}
