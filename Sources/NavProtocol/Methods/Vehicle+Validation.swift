extension Vehicle {
    /// Longest vehicle id accepted, in UTF-8 bytes: long enough for any fleet naming scheme, short enough that a
    /// session file name, a log line and a cache key stay small.
    public static let maximumIDLength = 64

    /// Why `id` is not an acceptable vehicle id, or `nil` when it is: 1 to ``maximumIDLength`` bytes of UTF-8
    /// text without control characters (no newline can forge a log line) and without spaces at either end
    /// (`bus 7`, `fleet/7` and `taksi-ä` are fine).
    public static func problem(with id: String) -> String? {
        guard !id.isEmpty else { return "vehicle must not be empty" }
        guard id.utf8.count <= maximumIDLength else {
            return "vehicle must be at most \(maximumIDLength) bytes, got \(id.utf8.count)"
        }
        if let control = id.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return "vehicle must not contain control characters, got U+\(String(control.value, radix: 16, uppercase: true))"
        }
        guard let first = id.unicodeScalars.first, let last = id.unicodeScalars.last,
            !first.properties.isWhitespace, !last.properties.isWhitespace
        else { return "vehicle must not begin or end with a space" }
        return nil
    }
}
