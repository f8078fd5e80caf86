extension Vehicle {
    /// Longest vehicle id accepted, in bytes: long enough for any fleet naming scheme, short enough that a
    /// session file name, a log line and a cache key stay small.
    public static let maximumIDLength = 64

    /// Why `id` is not an acceptable vehicle id, or `nil` when it is: 1 to ``maximumIDLength`` characters
    /// from `A-Z a-z 0-9 - _ . : @ / +`.
    public static func problem(with id: String) -> String? {
        guard !id.isEmpty else { return "vehicle must not be empty" }
        guard id.utf8.count <= maximumIDLength else {
            return "vehicle must be at most \(maximumIDLength) characters, got \(id.utf8.count)"
        }
        let allowed = Set("-_.:@/+".utf8)
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            default:
                guard allowed.contains(byte) else {
                    return "vehicle may hold only letters, digits and - _ . : @ / +, got \(describe(byte)) in it"
                }
            }
        }
        return nil
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7e).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }
}
