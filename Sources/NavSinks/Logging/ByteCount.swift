public import NavService

/// Sizes on the command line: `1048576`, `512K`, `64M` or `2G` (1024-based units).
public enum ByteCount {
    /// - Throws: `UsageError` naming `--option` and the accepted forms.
    public static func parse(_ text: String, option: String) throws(UsageError) -> Int {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = text
        var scale = 1
        if let last = text.last?.uppercased().first, let unit = units[last] {
            digits = String(text.dropLast())
            scale = unit
        }
        guard let value = Int(digits), value > 0, value <= Int.max / scale else {
            throw UsageError("--\(option) expects a positive size such as 1048576, 512K or 64M, got '\(text)'")
        }
        return value * scale
    }
}
