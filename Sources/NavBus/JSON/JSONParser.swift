/// Why a byte sequence is not acceptable JSON, with the byte offset where the problem was found.
public struct JSONParseError: Error, CustomStringConvertible, Sendable, Equatable {
    public let offset: Int
    public let reason: String

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// A strict RFC 8259 parser working on raw bytes.
///
/// Foundation's `JSONSerialization` and `JSONDecoder` cost several microseconds per bus message on Linux; this
/// parser is the bus's fast path. It validates UTF-8 in strings, rejects trailing garbage, and limits nesting
/// depth so hostile input cannot exhaust the stack.
public struct JSONParser {
    /// Deeper documents are rejected; no navbus payload comes near it.
    public static let maximumDepth = 64

    /// Parses a complete JSON text.
    /// - Throws: `JSONParseError` naming the offset and the problem.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let outcome = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                var parser = JSONParser(buffer)
                return try parser.parseDocument()
            }
        }
        guard let outcome else { return try parse(Array(bytes)) }
        return try outcome.get()
    }

    /// Parses a complete JSON text held in a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Validates a complete JSON text whose top level is an object, materialising only the members named in
    /// `keys`; every other value is checked for syntax and skipped without building anything. The proxy uses
    /// this to read an envelope's attributes without building its payload.
    /// Members named in `present` are reported as `.null` when they exist, without being materialised.
    /// - Parameter rejectingRepeats: refuse a repeated name of `keys` instead of reading the first.
    /// - Returns: one slot per name in `keys` followed by one per name in `present`, `nil` where absent.
    /// - Throws: `JSONParseError` for malformed text or a top level that is not an object.
    public static func scanObject(
        _ bytes: [UInt8], keys: [String], present: [String] = [], rejectingRepeats: Bool = false
    ) throws(JSONParseError) -> [JSONValue?] {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) -> [JSONValue?] in
                try scanObject(buffer, keys: keys, present: present, rejectingRepeats: rejectingRepeats)
            }
        }
        return try outcome.get()
    }

    /// `scanObject` on bytes read in place (a received frame), so nothing is copied first.
    public static func scanObject(
        _ bytes: UnsafeRawBufferPointer, keys: [String], present: [String] = [], rejectingRepeats: Bool = false
    ) throws(JSONParseError) -> [JSONValue?] {
        var parser = JSONParser(bytes.assumingMemoryBound(to: UInt8.self))
        return try parser.scanDocument(keys: keys, present: present, rejectingRepeats: rejectingRepeats)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the JSON value") }
        return value
    }

    private mutating func scanDocument(keys: [String], present: [String], rejectingRepeats: Bool)
        throws(JSONParseError) -> [JSONValue?]
    {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw fail("expected an object") }
        // A handful of names: comparing against an array beats hashing into sets and dictionaries.
        var found = [JSONValue?](repeating: nil, count: keys.count + present.count)
        try forEachMember { (parser, key) throws(JSONParseError) in
            // Of repeated names the first is read, as `parse` and `JSONObject`'s subscript do, so that the proxy
            // and every subscriber see the same attributes of one envelope. Other parsers (Python's) read the last,
            // so a scan that decides who may publish refuses repeats instead (`rejectingRepeats`).
            let slot = keys.firstIndex(of: key)
            if let slot, found[slot] != nil, rejectingRepeats {
                throw parser.fail("repeated member '\(key)'")
            }
            if let slot, found[slot] == nil {
                found[slot] = try parser.parseValue()
            } else {
                try parser.skipValue()
                if let slot = present.firstIndex(of: key) { found[keys.count + slot] = .null }
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the JSON value") }
        return found
    }

    /// Walks the members of the object starting at `index` (which must be at `{`): reads each key, then lets
    /// `value` consume the member's value; handles separators and the closing brace.
    private mutating func forEachMember(
        _ value: (inout JSONParser, String) throws(JSONParseError) -> Void
    ) throws(JSONParseError) {
        try enter()
        defer { depth -= 1 }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a string as object key")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after key") }
            index += 1
            skipWhitespace()
            try value(&self, key)
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            } else {
                throw fail("expected ',' or '}' in object")
            }
        }
    }

    /// Checks one value's syntax and moves past it without building it.
    private mutating func skipValue() throws(JSONParseError) {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let closing = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = closing == UInt8(ascii: "}")
            try enter()
            defer { depth -= 1 }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == closing {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                if isObject {
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw fail("expected a string as object key")
                    }
                    try skipString()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                        throw fail("expected ':' after key")
                    }
                    index += 1
                    skipWhitespace()
                }
                try skipValue()
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of input") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == closing {
                    index += 1
                    return
                } else {
                    throw fail(isObject ? "expected ',' or '}' in object" : "expected ',' or ']' in array")
                }
            }
        case UInt8(ascii: "\""):
            try skipString()
        default:
            _ = try parseValue()  // numbers and literals allocate nothing
        }
    }

    /// Moves past a string, validating escapes, control characters and UTF-8 without building it.
    private mutating func skipString() throws(JSONParseError) {
        let start = index + 1
        var index = start
        var plain = true
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if plain {
                    // Validated while scanning when all ASCII, the usual case; only other bytes need a second look.
                    if !ascii && !isValidUTF8(start..<index) {
                        throw JSONParseError(offset: start, reason: "string is not valid UTF-8")
                    }
                    self.index = index + 1
                    return
                }
                break
            }
            if byte == UInt8(ascii: "\\") { plain = false; break }
            if byte < 0x20 { self.index = index; throw fail("control character in string") }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        if plain { self.index = index; throw fail("unterminated string") }
        self.index = start - 1
        _ = try parseString()
    }

    private func isValidUTF8(_ range: Range<Int>) -> Bool {
        String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) != nil
    }

    private func fail(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character '\(Unicode.Scalar(bytes[index]))'")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        let start = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] {
            throw fail("invalid literal, expected \(literal)")
        }
        index += count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONObject {
        var object = JSONObject(reservingCapacity: 12)  // envelopes and most payloads fit without regrowing
        try forEachMember { (parser, key) throws(JSONParseError) in
            object.append(key: key, value: try parser.parseValue())
        }
        return object
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        elements.reserveCapacity(4)
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw fail("expected ',' or ']' in array")
            }
        }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        var needsSlowPath = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                if !needsSlowPath { return String(decoding: slice, as: UTF8.self) }
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw JSONParseError(offset: start, reason: "string is not valid UTF-8")
                }
                return text
            }
            if byte == UInt8(ascii: "\\") {
                index = start
                return try parseEscapedString()
            }
            if byte < 0x20 { throw fail("control character in string") }
            if byte >= 0x80 { needsSlowPath = true }
            index += 1
        }
        throw fail("unterminated string")
    }

    private mutating func parseEscapedString() throws(JSONParseError) -> String {
        var scalars: [UInt8] = []
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: scalars, as: UTF8.self) else {
                    throw JSONParseError(offset: start, reason: "string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("unpaired surrogate in \\u escape") }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw fail("unpaired low surrogate in \\u escape")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw fail("invalid escape character")
                }
            default:
                if byte < 0x20 { throw fail("control character in string") }
                scalars.append(byte)
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit") }
        var mantissa: UInt64 = 0
        var digits = 0
        var decimalExponent = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("leading zeros are not allowed") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                accumulate(bytes[index], into: &mantissa, digits: &digits, exponent: &decimalExponent, fraction: false)
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) {
                accumulate(bytes[index], into: &mantissa, digits: &digits, exponent: &decimalExponent, fraction: true)
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit in exponent") }
            var exponent = 0
            while index < bytes.count, isDigit(bytes[index]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        if isInteger, digits <= 18, decimalExponent == 0 {
            return .integer(negative ? -Int64(mantissa) : Int64(mantissa))
        }
        // Clinger's fast path: both the mantissa and the power of ten are exact doubles.
        if digits <= 15, abs(decimalExponent) <= 22 {
            var value = Double(mantissa)
            if decimalExponent < 0 {
                value /= Self.exactPowersOfTen[-decimalExponent]
            } else {
                value *= Self.exactPowersOfTen[decimalExponent]
            }
            return .number(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw JSONParseError(offset: start, reason: "number out of range") }
        if isInteger, let exact = Int64(text) { return .integer(exact) }
        return .number(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func accumulate(
        _ byte: UInt8, into mantissa: inout UInt64, digits: inout Int, exponent: inout Int, fraction: Bool
    ) {
        if mantissa == 0 && byte == UInt8(ascii: "0") {
            if fraction { exponent -= 1 }
            return
        }
        if digits < 19 {
            mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
            digits += 1
            if fraction { exponent -= 1 }
        } else if !fraction {
            // Digits beyond what UInt64 holds only scale the value; the slow path re-parses the text.
            exponent += 1
            digits += 1
        } else {
            digits += 1
        }
    }
}
