/// A JSON value already encoded, which `StreamingJSONEncoder` writes verbatim.
///
/// For parts of a payload that change rarely but go out often (the remaining steps of a route in every
/// `nav.nav_info.v1`): encode them once, keep the bytes, and skip re-encoding on every message.
public struct EncodedJSON: Encodable, Sendable, Equatable {
    public let bytes: [UInt8]

    /// Encodes `value` once.
    /// - Throws: `EncodingError` when the value has no JSON form.
    public init(encoding value: some Encodable) throws {
        bytes = try StreamingJSONEncoder().encode(value)
    }

    /// Wraps bytes that are already one complete JSON value.
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Other encoders (Foundation's) get the same value through a parsed tree.
    public func encode(to encoder: any Encoder) throws {
        try JSONParser.parse(bytes).encode(to: encoder)
    }
}
