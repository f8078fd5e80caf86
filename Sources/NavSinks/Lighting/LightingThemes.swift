public import NavCore
public import NavProtocol

/// The two themes the lighting controller applies: day colours for `normal`, night colours for `lowLight`,
/// like the SDK's `navigationHeaderPrimaryBackgroundColor` / `…SecondaryBackgroundColor` and their
/// `…NightMode` counterparts.
public struct LightingThemes: Sendable, Equatable {
    public var day: Theme
    public var night: Theme

    public init(day: Theme = .day, night: Theme = .night) {
        self.day = day
        self.night = night
    }

    /// The theme to apply in `mode`.
    public func theme(for mode: LightingMode) -> Theme {
        switch mode {
        case .normal: day
        case .lowLight: night
        }
    }

    /// Whether `text` is a colour the schema accepts: `#RRGGBB` or `#RRGGBBAA`.
    public static func isColour(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#"), utf8.count == 7 || utf8.count == 9 else { return false }
        return utf8.dropFirst().allSatisfy { byte in
            (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
        }
    }
}
