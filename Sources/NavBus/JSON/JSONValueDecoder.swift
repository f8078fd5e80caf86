import NavProtocol

/// Decodes `Decodable` values from a parsed `JSONValue`, the counterpart of `StreamingJSONEncoder`.
///
/// Errors are Swift's `DecodingError`s with the full coding path, so a JSON-RPC server can tell a client
/// exactly which parameter is wrong. Missing optional members decode as `nil`; unknown members are ignored,
/// as the versioning rule requires.
public struct JSONValueDecoder: Sendable {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONValueDecoding(value: value, codingPath: []).decodeValue(type)
    }

    /// Parses `bytes` and decodes them.
    /// - Throws: `JSONParseError` for malformed text, `DecodingError` for a shape that does not fit `T`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try decode(type, from: try JSONParser.parse(bytes))
    }

    /// Explains a decoding error in one line: where, and what was wrong.
    public static func describe(_ error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            guard !codingPath.isEmpty else { return "the value" }
            return codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingPrefix(".").description
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing member '\(key.stringValue)'" + (context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))")
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}

private struct JSONValueDecoding: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type: return try string() as! T
        case is Double.Type: return try double() as! T
        case is Int.Type: return try integer(Int.self) as! T
        case is Bool.Type: return try bool() as! T
        case is JSONValue.Type: return value as! T
        default: return try T(from: self)
        }
    }

    /// The common leaf types decoded without building a nested decoder; `nil` when `value` is not a
    /// well-formed `T` leaf (the slow path then produces the precise error).
    static func leaf<T>(_ type: T.Type, _ value: JSONValue) -> T? {
        if T.self == Double.self, let number = value.doubleValue { return unsafeBitCast(number, to: T.self) }
        if T.self == String.self, case .string(let text) = value { return unsafeBitCast(text, to: T.self) }
        if T.self == Bool.self, case .bool(let flag) = value { return unsafeBitCast(flag, to: T.self) }
        if T.self == Int.self, case .integer(let whole) = value, let exact = Int(exactly: whole) {
            return unsafeBitCast(exact, to: T.self)
        }
        if T.self == Timestamp.self, case .string(let text) = value, let time = Timestamp(rfc3339: text) {
            return unsafeBitCast(time, to: T.self)
        }
        return nil
    }

    func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(
            Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.kindDescription)"))
    }

    func string() throws -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return text
    }

    func double() throws -> Double {
        guard let number = value.doubleValue else { throw mismatch("a number") }
        return number
    }

    func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("a boolean") }
        return flag
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard let whole = value.int64Value else { throw mismatch("an integer") }
        guard let exact = I(exactly: whole) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(whole) does not fit \(I.self)"))
        }
        return exact
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch("an array") }
        return JSONUnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueContainer(decoding: self)
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValueDecoding {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "missing member '\(key.stringValue)'"))
        }
        return JSONValueDecoding(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        object[key.stringValue].map { $0 == .null } ?? true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let value = object[key.stringValue], let leaf = JSONValueDecoding.leaf(type, value) { return leaf }
        let decoding = try member(key)
        if decoding.value == .null, !(T.self is JSONValue.Type) {
            throw DecodingError.valueNotFound(
                T.self, .init(codingPath: decoding.codingPath, debugDescription: "expected a value, found null"))
        }
        return try decoding.decodeValue(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = object[key.stringValue], value != .null else { return nil }
        if let leaf = JSONValueDecoding.leaf(type, value) { return leaf }
        return try JSONValueDecoding(value: value, codingPath: codingPath + [key]).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONValueDecoding(value: object["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoding(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> JSONValueDecoding {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "array ended early"))
        }
        defer { currentIndex += 1 }
        return JSONValueDecoding(value: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next().decodeValue(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct JSONSingleValueContainer: SingleValueDecodingContainer {
    let decoding: JSONValueDecoding
    var codingPath: [any CodingKey] { decoding.codingPath }

    func decodeNil() -> Bool { decoding.value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decoding.bool() }
    func decode(_ type: String.Type) throws -> String { try decoding.string() }
    func decode(_ type: Double.Type) throws -> Double { try decoding.double() }
    func decode(_ type: Float.Type) throws -> Float { Float(try decoding.double()) }
    func decode(_ type: Int.Type) throws -> Int { try decoding.integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoding.integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoding.integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoding.integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoding.integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoding.integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoding.integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoding.integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoding.integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoding.integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoding.decodeValue(type) }
}
