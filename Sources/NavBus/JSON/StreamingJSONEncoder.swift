import NavProtocol

/// Encodes `Encodable` values straight to JSON bytes, without building an intermediate tree.
///
/// Synthesised `Codable` conformances open containers and fill them in order, so the encoder can write as it
/// goes: it keeps a stack of open containers and closes the ones a nested value opened when that value's
/// `encode(to:)` returns. Optional properties encoded with `encodeIfPresent` are omitted when `nil`.
/// Non-finite numbers are rejected, since JSON cannot carry them.
public struct StreamingJSONEncoder: Sendable {
    public init() {}

    /// Encodes `value` and returns its JSON text as bytes.
    /// - Throws: `EncodingError` for non-finite numbers or containers used out of order.
    public func encode(_ value: some Encodable) throws -> [UInt8] {
        var writer = JSONWriter()
        try encode(value, into: &writer)
        return writer.bytes
    }

    /// Appends the JSON text of `value` to `writer`.
    public func encode(_ value: some Encodable, into writer: inout JSONWriter) throws {
        let state = EncoderState(writer: writer)
        writer = JSONWriter(capacity: 0)
        defer { writer = state.writer }
        try state.encodeValue(value, codingPath: [])
    }
}

/// The shared, mutable state of one encoding run: the output and the stack of open containers.
final class EncoderState {
    enum Container {
        case object(hasMembers: Bool)
        case array(hasElements: Bool)
    }

    // The run-time exclusivity checks on these two properties cost a quarter of the instructions of an encode
    // (callgrind). They are only touched by the encoder of one run, on one thread, never overlapping.
    @exclusivity(unchecked) var writer: JSONWriter
    @exclusivity(unchecked) var stack: [Container] = []

    init(writer: JSONWriter) {
        self.writer = writer
    }

    /// Encodes one value at the current position and closes whatever containers it opened.
    func encodeValue(_ value: some Encodable, codingPath: @autoclosure () -> [any CodingKey]) throws {
        let depth = stack.count
        let startCount = writer.bytes.count
        try encodeDirect(value, codingPath: codingPath())
        closeContainers(downTo: depth)
        if writer.bytes.count == startCount {
            // A value that encoded nothing (an empty custom encode) is written as an empty object, as Foundation does.
            writer.raw("{}")
        }
    }

    /// Writes the common leaf types without going through `Encoder` (metatype checks cost far less than casts).
    private func encodeDirect<T: Encodable>(_ value: T, codingPath: @autoclosure () -> [any CodingKey]) throws {
        if T.self == String.self {
            writer.string(unsafeBitCast(value, to: String.self))
        } else if T.self == Double.self {
            try writeNumber(unsafeBitCast(value, to: Double.self), codingPath: codingPath())
        } else if T.self == Int.self {
            writer.integer(unsafeBitCast(value, to: Int.self))
        } else if T.self == Bool.self {
            writer.bool(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Timestamp.self {
            unsafeBitCast(value, to: Timestamp.self).appendRFC3339(quotedTo: &writer)
        } else if T.self == EncodedJSON.self {
            writer.raw(bytes: unsafeBitCast(value, to: EncodedJSON.self).bytes)
        } else if T.self == JSONValue.self {
            writer.write(unsafeBitCast(value, to: JSONValue.self))
        } else if T.self == [Double].self {
            try writeNumbers(unsafeBitCast(value, to: [Double].self), codingPath: codingPath())
        } else if T.self == [[Double]].self {
            // GeoJSON positions: most of a route answer's bytes, and through the generic containers they cost
            // more than the route search itself.
            try writePositions(unsafeBitCast(value, to: [[Double]].self), codingPath: codingPath())
        } else {
            try value.encode(to: StreamingEncoder(state: self, codingPath: codingPath()))
        }
    }

    /// Writes a number array (per-segment speeds and limits), as the synthesised encoding would, without the containers.
    private func writeNumbers(_ numbers: [Double], codingPath: @autoclosure () -> [any CodingKey]) throws {
        writer.raw(UInt8(ascii: "["))
        for (offset, number) in numbers.enumerated() {
            if offset > 0 { writer.raw(UInt8(ascii: ",")) }
            try writeNumber(number, codingPath: codingPath())
        }
        writer.raw(UInt8(ascii: "]"))
    }

    /// Writes an array of number arrays (GeoJSON positions) the same way.
    private func writePositions(_ positions: [[Double]], codingPath: @autoclosure () -> [any CodingKey]) throws {
        writer.raw(UInt8(ascii: "["))
        for (index, position) in positions.enumerated() {
            if index > 0 { writer.raw(UInt8(ascii: ",")) }
            try writeNumbers(position, codingPath: codingPath())
        }
        writer.raw(UInt8(ascii: "]"))
    }

    func closeContainers(downTo depth: Int) {
        while stack.count > depth {
            switch stack.removeLast() {
            case .object: writer.raw(UInt8(ascii: "}"))
            case .array: writer.raw(UInt8(ascii: "]"))
            }
        }
    }

    func writeNumber(_ value: Double, codingPath: @autoclosure () -> [any CodingKey]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath(), debugDescription: "JSON cannot carry the number \(value)"))
        }
        writer.number(value)
    }

    func openObject() {
        writer.raw(UInt8(ascii: "{"))
        stack.append(.object(hasMembers: false))
    }

    func openArray() {
        writer.raw(UInt8(ascii: "["))
        stack.append(.array(hasElements: false))
    }

    /// Writes the separator and key for the next member of the object at `level`.
    func beginMember(key: String, level: Int) throws {
        try checkTop(level)
        if case .object(true) = stack[level] {
            writer.raw(UInt8(ascii: ","))
        } else {
            stack[level] = .object(hasMembers: true)
        }
        writer.key(key)
    }

    /// Writes the separator before the next element of the array at `level`.
    func beginElement(level: Int) throws {
        try checkTop(level)
        if case .array(true) = stack[level] {
            writer.raw(UInt8(ascii: ","))
        } else {
            stack[level] = .array(hasElements: true)
        }
    }

    private func checkTop(_ level: Int) throws {
        // A container written to after a sibling container opened later: close the sibling first.
        if stack.count - 1 > level { closeContainers(downTo: level + 1) }
        guard stack.count - 1 == level else {
            throw EncodingError.invalidValue(
                level,
                .init(
                    codingPath: [],
                    debugDescription: "a container was written to after it was closed; the streaming encoder needs in-order encoding"
                ))
        }
    }
}

struct StreamingEncoder: Encoder {
    let state: EncoderState
    let codingPath: [any CodingKey]
    /// The stack level this value's own container occupies once opened.
    let level: Int
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(state: EncoderState, codingPath: [any CodingKey]) {
        self.state = state
        self.codingPath = codingPath
        level = state.stack.count
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // Asking the same encoder for a keyed container again (a type that encodes a nested value into its own
        // container, as Foundation allows) continues the object already open instead of starting another.
        if state.stack.count > level, case .object = state.stack[level] {
            state.closeContainers(downTo: level + 1)
        } else {
            state.openObject()
        }
        return KeyedEncodingContainer(StreamingKeyedContainer<Key>(state: state, level: level, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        state.openArray()
        return StreamingUnkeyedContainer(state: state, level: state.stack.count - 1, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamingSingleValueContainer(state: state, codingPath: codingPath)
    }
}

struct StreamingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: EncoderState
    let level: Int
    let codingPath: [any CodingKey]

    private func begin(_ key: Key) throws {
        try state.beginMember(key: key.stringValue, level: level)
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        state.writer.null()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        state.writer.bool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        state.writer.string(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try begin(key)
        try state.writeNumber(value, codingPath: path(key))
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try encode(Double(value), forKey: key)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try begin(key)
        state.writer.integer(value)
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        try begin(key)
        state.writer.integer(value)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        try begin(key)
        state.writer.integer(value)
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        try begin(key)
        state.writer.integer(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        try state.encodeValue(value, codingPath: path(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        try? begin(key)
        state.openObject()
        return KeyedEncodingContainer(
            StreamingKeyedContainer<NestedKey>(
                state: state, level: state.stack.count - 1, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        try? begin(key)
        state.openArray()
        return StreamingUnkeyedContainer(state: state, level: state.stack.count - 1, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        try? state.beginMember(key: "super", level: level)
        return StreamingEncoder(state: state, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        try? begin(key)
        return StreamingEncoder(state: state, codingPath: codingPath + [key])
    }
}

struct StreamingUnkeyedContainer: UnkeyedEncodingContainer {
    let state: EncoderState
    let level: Int
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(state: EncoderState, level: Int, codingPath: [any CodingKey]) {
        self.state = state
        self.level = level
        self.codingPath = codingPath
    }

    private mutating func begin() throws {
        try state.beginElement(level: level)
        count += 1
    }

    mutating func encodeNil() throws {
        try begin()
        state.writer.null()
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        state.writer.bool(value)
    }

    mutating func encode(_ value: String) throws {
        try begin()
        state.writer.string(value)
    }

    mutating func encode(_ value: Double) throws {
        try begin()
        try state.writeNumber(value, codingPath: codingPath)
    }

    mutating func encode(_ value: Int) throws {
        try begin()
        state.writer.integer(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        try state.encodeValue(value, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        try? begin()
        state.openObject()
        return KeyedEncodingContainer(
            StreamingKeyedContainer<NestedKey>(state: state, level: state.stack.count - 1, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        try? begin()
        state.openArray()
        return StreamingUnkeyedContainer(state: state, level: state.stack.count - 1, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        try? begin()
        return StreamingEncoder(state: state, codingPath: codingPath)
    }
}

struct StreamingSingleValueContainer: SingleValueEncodingContainer {
    let state: EncoderState
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { state.writer.null() }
    mutating func encode(_ value: Bool) throws { state.writer.bool(value) }
    mutating func encode(_ value: String) throws { state.writer.string(value) }
    mutating func encode(_ value: Double) throws { try state.writeNumber(value, codingPath: codingPath) }
    mutating func encode(_ value: Int) throws { state.writer.integer(value) }
    mutating func encode(_ value: Int64) throws { state.writer.integer(value) }
    mutating func encode(_ value: UInt64) throws { state.writer.integer(value) }
    mutating func encode(_ value: Int8) throws { state.writer.integer(value) }
    mutating func encode(_ value: Int16) throws { state.writer.integer(value) }
    mutating func encode(_ value: Int32) throws { state.writer.integer(value) }
    mutating func encode(_ value: UInt) throws { state.writer.integer(value) }
    mutating func encode(_ value: UInt8) throws { state.writer.integer(value) }
    mutating func encode(_ value: UInt16) throws { state.writer.integer(value) }
    mutating func encode(_ value: UInt32) throws { state.writer.integer(value) }
    mutating func encode(_ value: Float) throws { try state.writeNumber(Double(value), codingPath: codingPath) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try state.encodeValue(value, codingPath: codingPath)
    }
}
