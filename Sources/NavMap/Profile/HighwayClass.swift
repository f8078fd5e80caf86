/// The OSM `highway=*` class of a road, as far as routing and guidance care.
public enum HighwayClass: UInt8, Sendable, CaseIterable {
    case motorway, motorwayLink, trunk, trunkLink, primary, primaryLink, secondary, secondaryLink
    case tertiary, tertiaryLink, unclassified, residential, livingStreet, service, road, track
    case busway, cycleway, path, footway, pedestrian, steps, bridleway, ferry

    /// Reads an OSM `highway` value; `nil` for values that are not roads or paths.
    public init?(osmValue: String) {
        switch osmValue {
        case "motorway": self = .motorway
        case "motorway_link": self = .motorwayLink
        case "trunk": self = .trunk
        case "trunk_link": self = .trunkLink
        case "primary": self = .primary
        case "primary_link": self = .primaryLink
        case "secondary": self = .secondary
        case "secondary_link": self = .secondaryLink
        case "tertiary": self = .tertiary
        case "tertiary_link": self = .tertiaryLink
        case "unclassified": self = .unclassified
        case "residential": self = .residential
        case "living_street": self = .livingStreet
        case "service": self = .service
        case "road": self = .road
        case "track": self = .track
        case "busway", "bus_guideway": self = .busway
        case "cycleway": self = .cycleway
        case "path": self = .path
        case "footway", "corridor", "crossing": self = .footway
        case "pedestrian": self = .pedestrian
        case "steps": self = .steps
        case "bridleway": self = .bridleway
        default: return nil
        }
    }

    /// The OSM tag value this class was read from (the canonical one when several map here).
    public var osmValue: String {
        switch self {
        case .motorway: "motorway"
        case .motorwayLink: "motorway_link"
        case .trunk: "trunk"
        case .trunkLink: "trunk_link"
        case .primary: "primary"
        case .primaryLink: "primary_link"
        case .secondary: "secondary"
        case .secondaryLink: "secondary_link"
        case .tertiary: "tertiary"
        case .tertiaryLink: "tertiary_link"
        case .unclassified: "unclassified"
        case .residential: "residential"
        case .livingStreet: "living_street"
        case .service: "service"
        case .road: "road"
        case .track: "track"
        case .busway: "busway"
        case .cycleway: "cycleway"
        case .path: "path"
        case .footway: "footway"
        case .pedestrian: "pedestrian"
        case .steps: "steps"
        case .bridleway: "bridleway"
        case .ferry: "ferry"
        }
    }

    /// Motorway and trunk roads and their links: what "avoid highways" keeps away from.
    public var isHighway: Bool {
        switch self {
        case .motorway, .motorwayLink, .trunk, .trunkLink: true
        default: false
        }
    }

    /// Slip roads (`*_link`).
    public var isLink: Bool {
        switch self {
        case .motorwayLink, .trunkLink, .primaryLink, .secondaryLink, .tertiaryLink: true
        default: false
        }
    }
}
