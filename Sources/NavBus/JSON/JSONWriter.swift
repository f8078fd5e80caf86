import NavProtocol

/// Appends compact JSON text to a byte buffer. The bus's encoders are built on it.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 512) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func raw(_ byte: UInt8) { bytes.append(byte) }

    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func raw(bytes other: some Sequence<UInt8>) { bytes.append(contentsOf: other) }

    /// Writes `"key":`.
    public mutating func key(_ key: String) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes a quoted, escaped string.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                case 0x08: raw("\\b")
                case 0x0C: raw("\\f")
                default:
                    raw("\\u00")
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func integer(_ value: some BinaryInteger) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = UInt64(value.magnitude)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, no allocation
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            while magnitude > 0 {
                scratch[count] = UInt8(magnitude % 10) + UInt8(ascii: "0")
                magnitude /= 10
                count += 1
            }
            while count > 0 {
                count -= 1
                bytes.append(scratch[count])
            }
        }
    }

    /// Writes a finite number in the shortest form that reads back exactly; integral values without a
    /// fraction. Non-finite values have no JSON form and are written as `null`.
    public mutating func number(_ value: Double) {
        guard value.isFinite else {
            raw("null")
            return
        }
        if value.rounded(.towardZero) == value, abs(value) < 1e15 {
            integer(Int64(value))
            return
        }
        // Most navigation values have few decimals (coordinates to 1e-7°, speeds to 1e-2 m/s). When the value
        // reads back exactly from k ≤ 9 decimals, write those digits directly; this is the shortest exact form
        // and avoids formatting through a String. Anything else takes the general shortest-representation path.
        let magnitude = abs(value)
        if magnitude < 1e9, magnitude >= 1e-3 {
            var scale = 10.0
            for decimals in 1...9 {
                let scaled = (magnitude * scale).rounded()
                if scaled / scale == magnitude {
                    writeFixed(scaled: UInt64(scaled), decimals: decimals, negative: value < 0)
                    return
                }
                scale *= 10
            }
        }
        bytes.append(contentsOf: value.description.utf8)
    }

    private mutating func writeFixed(scaled: UInt64, decimals: Int, negative: Bool) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = scaled
        withUnsafeMutableBytes(of: &digits) { scratch in
            while rest > 0 || count <= decimals {
                scratch[count] = UInt8(rest % 10) + UInt8(ascii: "0")
                rest /= 10
                count += 1
            }
            if negative { bytes.append(UInt8(ascii: "-")) }
            while count > 0 {
                count -= 1
                bytes.append(scratch[count])
                if count == decimals { bytes.append(UInt8(ascii: ".")) }
            }
        }
        // Trailing zeros cannot occur: a value exact at fewer decimals would have stopped the search earlier.
    }

    public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    public mutating func null() { raw("null") }

    /// Writes a parsed value back as compact JSON.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .integer(let number): integer(number)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let elements):
            raw(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { raw(UInt8(ascii: ",")) }
                write(element)
            }
            raw(UInt8(ascii: "]"))
        case .object(let object):
            raw(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { raw(UInt8(ascii: ",")) }
                key(member.key)
                write(member.value)
            }
            raw(UInt8(ascii: "}"))
        }
    }
}

extension Timestamp {
    /// Writes the timestamp as a quoted RFC 3339 string straight into the writer.
    func appendRFC3339(quotedTo writer: inout JSONWriter) {
        writer.raw(UInt8(ascii: "\""))
        writer.appendTimestamp(self)
        writer.raw(UInt8(ascii: "\""))
    }
}

extension JSONWriter {
    mutating func appendTimestamp(_ timestamp: Timestamp) {
        timestamp.appendRFC3339(to: &bytes)
    }
}
