/// The eight compass points a heading is named by: "Head northeast on Bulevardi", "Aja koilliseen".
/// One home for the router's instructions and every phrasebook of the voice guidance.
public enum CompassPoint: Int, Hashable, Codable, Sendable, CaseIterable {
    case north, northeast, east, southeast, south, southwest, west, northwest

    /// The point nearest to a bearing in degrees clockwise from north; any value, taken modulo 360.
    public init(bearing: Double) {
        guard bearing.isFinite else {
            self = .north
            return
        }
        let index = Int((bearing.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45) % 8
        self = CompassPoint(rawValue: index) ?? .north
    }

    /// The point's English name, in lower case.
    public var englishName: String {
        switch self {
        case .north: "north"
        case .northeast: "northeast"
        case .east: "east"
        case .southeast: "southeast"
        case .south: "south"
        case .southwest: "southwest"
        case .west: "west"
        case .northwest: "northwest"
        }
    }
}

/// Ordinal numbers as instructions use them ("take the 2nd exit").
public enum Ordinal {
    /// "1st", "2nd", "3rd", "4th", "11th", "21st", …
    public static func english(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}
