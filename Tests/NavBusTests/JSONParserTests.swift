import Testing

@testable import NavBus

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5, 1e3, true, false, null], "b": {"c": "d"}, "e": ""} "#)
        #expect(value["a"] == .array([.integer(1), .number(-2.5), .number(1000), .bool(true), .bool(false), .null]))
        #expect(value["b"]?["c"] == .string("d"))
        #expect(value["e"] == .string(""))
    }

    @Test(arguments: [
        ("0", 0.0), ("-0.5", -0.5), ("60.16985", 60.16985), ("24.93838", 24.93838), ("1.5e-7", 1.5e-7),
        ("12345678901234567890", 12345678901234567890.0), ("0.1", 0.1), ("3.141592653589793", 3.141592653589793),
        ("1E+2", 100.0), ("123456.789e-3", 123.456789),
    ])
    func numbersReadBackExactly(text: String, expected: Double) throws {
        #expect(try JSONParser.parse(text).doubleValue == expected)
    }

    @Test func largeIntegersStayExact() throws {
        #expect(try JSONParser.parse("9007199254740993") == .integer(9_007_199_254_740_993))
        #expect(try JSONParser.parse("-42") == .integer(-42))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#""a\"b\\c\/d\n\t\u00e4\ud83d\ude97""#)
        #expect(value == .string("a\"b\\c/d\n\t\u{E4}\u{1F697}"))
    }

    @Test func keepsNonASCIIText() throws {
        #expect(try JSONParser.parse(#""Töölönkatu""#) == .string("Töölönkatu"))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "tru", "nul", "\"abc", "{\"a\" 1}", "[1 2]", "{} x",
        "\"\\x\"", "\"\\ud800\"", "\"\u{01}\"", "{1:2}", "1e", "NaN", "Infinity",
    ])
    func rejectsMalformedText(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test func rejectsInvalidUTF8InStrings() {
        let bytes: [UInt8] = Array("\"ab".utf8) + [0xC3, 0x28] + Array("\"".utf8)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
    }

    @Test func limitsNestingDepth() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    }

    /// Found by the `fuzz-json` target: an object with a repeated key was not equal to itself, so the proxy's
    /// scan and the decoder seemed to read different attributes.
    @Test func objectsWithRepeatedKeysEqualThemselves() throws {
        let value = try JSONParser.parse(#"{"id":{"a":0,"b":1,"a":1},"x":2}"#)
        #expect(value == value)
        #expect(try JSONParser.parse(value.jsonText) == value)
        #expect(value["id"]?["a"] == .integer(0), "the first of repeated keys is the one read")
        #expect(try JSONParser.parse(#"{"a":1,"b":1,"a":0}"#) != JSONParser.parse(#"{"a":0,"b":1,"a":1}"#))
        #expect(try JSONParser.parse(#"{"b":1,"a":0,"a":1}"#) == JSONParser.parse(#"{"a":0,"b":1,"a":1}"#))
    }

    /// Found by the `fuzz-json` target: the attribute scan read the last of repeated names and `parse` the first,
    /// so the proxy could cache an envelope under another subject than its subscribers read.
    @Test func scanReadsTheFirstOfRepeatedNames() throws {
        let text = #"{"subject":"car-1","id":"a","subject":"car-2","data":{}}"#
        let slots = try JSONParser.scanObject(Array(text.utf8), keys: ["subject", "id"], present: ["data"])
        #expect(slots == [.string("car-1"), .string("a"), .null])
        #expect(try JSONParser.parse(text)["subject"] == slots[0])
    }

    @Test func errorsSayWhere() {
        #expect(throws: JSONParseError(offset: 7, reason: "expected ',' or '}' in object")) {
            try JSONParser.parse("{\"a\":1 \"b\":2}")
        }
    }
}
