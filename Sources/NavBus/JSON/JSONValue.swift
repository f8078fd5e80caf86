/// A parsed JSON document: what the bus hands to decoders and what generic tools (`navbus sub`, the proxy's
/// cache) inspect without knowing the payload type.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// An integer literal that fits `Int64`, kept exact (sequence numbers, counters, ids).
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The numeric value of an integer or a number.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    public var int64Value: Int64? {
        switch self {
        case .integer(let value): value
        case .number(let value) where value.rounded() == value && abs(value) < 9.2e18: Int64(value)
        default: nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// A name for error messages: "an object", "a string", ...
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Compact JSON text.
    public var jsonText: String {
        var writer = JSONWriter()
        writer.write(self)
        return writer.string
    }
}

/// A JSON object that keeps its members in document order. Payload objects are small, so a linear search
/// beats hashing every key.
public struct JSONObject: Sendable, Equatable, Sequence {
    public private(set) var members: [(key: String, value: JSONValue)]

    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    init(reservingCapacity capacity: Int) {
        members = []
        members.reserveCapacity(capacity)
    }

    public var count: Int { members.count }
    public var keys: [String] { members.map(\.key) }

    public subscript(key: String) -> JSONValue? {
        get {
            for member in members where member.key == key { return member.value }
            return nil
        }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
        }
    }

    mutating func append(key: String, value: JSONValue) {
        members.append((key, value))
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    /// Equal when both hold the same members, whatever the order of different keys. Members sharing a key
    /// (RFC 8259 allows duplicates; the subscript reads the first) are paired in document order, so that an
    /// object is always equal to itself.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.members.elementsEqual(rhs.members, by: { $0.key == $1.key && $0.value == $1.value }) { return true }
        for (index, member) in lhs.members.enumerated() {
            let occurrence = lhs.members[..<index].count { $0.key == member.key }
            let counterpart = rhs.members.lazy.filter { $0.key == member.key }.dropFirst(occurrence).first
            guard counterpart?.value == member.value else { return false }
        }
        return true
    }
}

extension JSONValue {
    /// Indented JSON text for people (two spaces per level).
    public var prettyText: String {
        var lines = ""
        appendPretty(to: &lines, indent: "")
        return lines
    }

    private func appendPretty(to text: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .array(let elements) where !elements.isEmpty:
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                element.appendPretty(to: &text, indent: inner)
                text += index < elements.count - 1 ? ",\n" : "\n"
            }
            text += indent + "]"
        case .object(let object) where object.count > 0:
            text += "{\n"
            for (index, member) in object.members.enumerated() {
                text += inner + JSONValue.string(member.key).jsonText + ": "
                member.value.appendPretty(to: &text, indent: inner)
                text += index < object.count - 1 ? ",\n" : "\n"
            }
            text += indent + "}"
        default:
            text += jsonText
        }
    }
}
