/// A parsed OSM `maxspeed` value.
public enum MaxSpeed: Equatable, Sendable {
    /// A posted limit in km/h.
    case limit(kmh: Double)
    /// Explicitly no limit (`maxspeed=none`, e.g. parts of German motorways).
    case unlimited
    /// Set by variable signs (`signals`, `variable`): no fixed legal value.
    case variable

    /// The legal limit in km/h, or `nil` when there is no fixed one.
    public var kmh: Double? {
        if case .limit(let kmh) = self { return kmh }
        return nil
    }

    /// Parses a `maxspeed` value: plain km/h (`50`, `50 km/h`), `mph`, `knots`, country zone codes
    /// (`DE:urban`, `FI:rural`, `GB:nsl_single`, `DE:zone30`), `none`, `walk`, `signals`/`variable`.
    /// Several values separated by `;` take the first. Returns `nil` for text it cannot read.
    public init?(osmValue raw: String) {
        let first = raw.split(separator: ";").first.map(String.init) ?? raw
        let text = first.trimmingCharactersInSpaces().lowercased()
        guard !text.isEmpty else { return nil }
        switch text {
        case "none", "unlimited":
            self = .unlimited
            return
        case "signals", "variable":
            self = .variable
            return
        case "walk", "walking":
            self = .limit(kmh: MaxSpeed.walkingPaceKmh)
            return
        default: break
        }
        if let value = MaxSpeed.parseNumberWithUnit(text) {
            self = .limit(kmh: value)
            return
        }
        if let zone = MaxSpeed.parseZone(text) {
            self = zone
            return
        }
        return nil
    }

    /// What "walking pace" zones are taken to allow.
    static let walkingPaceKmh = 7.0

    private static func parseNumberWithUnit(_ text: String) -> Double? {
        var digits = ""
        var rest = Substring(text)
        while let c = rest.first, c.isNumber || c == "." {
            digits.append(c)
            rest = rest.dropFirst()
        }
        guard let number = Double(digits), number > 0 else { return nil }
        let unit = rest.trimmingCharactersInSpaces()
        switch unit {
        case "", "km/h", "kmh", "kph", "kmph": return number
        case "mph": return number * 1.609344
        case "knots", "kn", "knot": return number * 1.852
        default: return nil
        }
    }

    private static func parseZone(_ text: String) -> MaxSpeed? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let country = String(text[..<colon])
        let zone = String(text[text.index(after: colon)...])
        if let known = zoneDefaults["\(country):\(zone)"] { return known }
        switch zone {
        case "living_street": return .limit(kmh: country == "de" || country == "at" ? walkingPaceKmh : 20)
        case "walk", "pedestrian_zone": return .limit(kmh: walkingPaceKmh)
        case "bicycle_road", "cyclestreet": return .limit(kmh: 30)
        case "urban", "city": return .limit(kmh: 50)
        case "rural": return .limit(kmh: 80)
        case "motorway": return .limit(kmh: 120)
        default: break
        }
        // Zone codes such as `DE:zone30`, `DE:zone:30` or `FR:30`.
        let number = zone.filter { $0.isNumber }
        if let value = Double(number), value > 0 { return .limit(kmh: value) }
        return nil
    }

    private static let mph = 1.609344

    /// Country defaults from the OSM wiki "Default speed limits" table (lower-cased keys).
    private static let zoneDefaults: [String: MaxSpeed] = [
        "at:urban": .limit(kmh: 50), "at:rural": .limit(kmh: 100), "at:motorway": .limit(kmh: 130),
        "be:urban": .limit(kmh: 50), "be:rural": .limit(kmh: 70), "be:motorway": .limit(kmh: 120),
        "ch:urban": .limit(kmh: 50), "ch:rural": .limit(kmh: 80), "ch:motorway": .limit(kmh: 120),
        "cz:urban": .limit(kmh: 50), "cz:rural": .limit(kmh: 90), "cz:motorway": .limit(kmh: 130),
        "de:urban": .limit(kmh: 50), "de:rural": .limit(kmh: 100), "de:motorway": .unlimited,
        "dk:urban": .limit(kmh: 50), "dk:rural": .limit(kmh: 80), "dk:motorway": .limit(kmh: 130),
        "ee:urban": .limit(kmh: 50), "ee:rural": .limit(kmh: 90), "ee:motorway": .limit(kmh: 110),
        "es:urban": .limit(kmh: 50), "es:rural": .limit(kmh: 90), "es:motorway": .limit(kmh: 120),
        "fi:urban": .limit(kmh: 50), "fi:rural": .limit(kmh: 80), "fi:motorway": .limit(kmh: 120),
        "fr:urban": .limit(kmh: 50), "fr:rural": .limit(kmh: 80), "fr:motorway": .limit(kmh: 130),
        "gb:urban": .limit(kmh: 30 * mph), "gb:nsl_single": .limit(kmh: 60 * mph),
        "gb:nsl_dual": .limit(kmh: 70 * mph), "gb:motorway": .limit(kmh: 70 * mph),
        "it:urban": .limit(kmh: 50), "it:rural": .limit(kmh: 90), "it:motorway": .limit(kmh: 130),
        "nl:urban": .limit(kmh: 50), "nl:rural": .limit(kmh: 80), "nl:motorway": .limit(kmh: 130),
        "no:urban": .limit(kmh: 50), "no:rural": .limit(kmh: 80), "no:motorway": .limit(kmh: 110),
        "pl:urban": .limit(kmh: 50), "pl:rural": .limit(kmh: 90), "pl:motorway": .limit(kmh: 140),
        "ru:urban": .limit(kmh: 60), "ru:rural": .limit(kmh: 90), "ru:motorway": .limit(kmh: 110),
        "se:urban": .limit(kmh: 50), "se:rural": .limit(kmh: 70), "se:motorway": .limit(kmh: 110),
        "us:urban": .limit(kmh: 25 * mph), "us:rural": .limit(kmh: 55 * mph),
    ]
}

extension StringProtocol {
    func trimmingCharactersInSpaces() -> String {
        var slice = Substring(self)
        while slice.first == " " || slice.first == "\t" { slice = slice.dropFirst() }
        while slice.last == " " || slice.last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
