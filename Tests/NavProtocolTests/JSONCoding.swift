import Foundation
import Testing

/// Foundation coders as an independent reference: the bus encoder may take faster paths, but what it
/// emits must read back with plain `JSONDecoder` and vice versa.
enum JSONCoding {
    static func encode(_ value: any Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    /// The encoded value as a JSON object tree (dictionaries, arrays, numbers, strings, `NSNull`).
    static func object(_ value: any Encodable) throws -> [String: Any] {
        let tree = try JSONSerialization.jsonObject(with: try encode(value))
        return try #require(tree as? [String: Any])
    }

    /// Encodes `value`, decodes it as the same type and returns the copy.
    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: try encode(value))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}
