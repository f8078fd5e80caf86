import Foundation
import NavCore

/// What the routing profiles make of one OSM way: who may use it in which direction, how fast, and the
/// attributes guidance and avoidances need.
public struct WayRules: Equatable, Sendable {
    public var highwayClass: HighwayClass
    public var name: String
    public var ref: String
    /// Travel-mode bits (``TravelMode/bit``) allowed along the way's node order.
    public var forwardModes: UInt8
    /// Travel-mode bits allowed against the way's node order.
    public var backwardModes: UInt8
    /// Travel-mode bits (a subset of the allowed ones) for which the way is destination-only: usable at the
    /// start or end of a leg, never as through traffic (``ThroughTrafficRule``).
    public var restrictedModes: UInt8
    /// Expected free-flow motor-vehicle speed in km/h, per direction.
    public var motorSpeedForward: Double
    public var motorSpeedBackward: Double
    /// Legal limit in km/h per direction, `nil` when unknown or unlimited.
    public var speedLimitForward: Double?
    public var speedLimitBackward: Double?
    public var bicycleSpeed: Double
    public var footSpeed: Double
    public var isToll: Bool
    public var isFerry: Bool
    public var isRoundabout: Bool

    /// Applies the travel-mode profiles to a way's tags; `nil` when no mode may use the way.
    public init?(tags: [String: String]) {
        let isFerry = tags["route"] == "ferry"
        let highwayClass: HighwayClass
        if isFerry {
            highwayClass = .ferry
        } else if let value = tags["highway"], let cls = HighwayClass(osmValue: value) {
            highwayClass = cls
        } else {
            return nil
        }
        if tags["area"] == "yes" && highwayClass != .pedestrian && highwayClass != .footway { return nil }
        let motorroad = tags["motorroad"] == "yes"
        var forward: UInt8 = 0
        var backward: UInt8 = 0
        var restricted: UInt8 = 0
        let roundabout = tags["junction"] == "roundabout" || tags["junction"] == "circular"
        let motorOneway = WayRules.motorOneway(tags: tags, highwayClass: highwayClass, roundabout: roundabout)
        for mode in TravelMode.allCases {
            let access = WayRules.access(mode: mode, tags: tags, highwayClass: highwayClass, motorroad: motorroad)
            switch access {
            case .forbidden: continue
            case .destinationOnly: restricted |= mode.bit
            case .allowed, .dismount: break
            }
            var oneway: Oneway
            switch mode {
            case .driving, .taxi, .twoWheeler: oneway = motorOneway
            case .cycling: oneway = WayRules.bicycleOneway(tags: tags, motorOneway: motorOneway)
            case .walking: oneway = WayRules.onewayValue(tags["oneway:foot"]) ?? .both
            }
            if isFerry { oneway = WayRules.onewayValue(tags["oneway"]) ?? .both }
            switch oneway {
            case .both:
                forward |= mode.bit
                backward |= mode.bit
            case .forward: forward |= mode.bit
            case .backward: backward |= mode.bit
            case .closed: break
            }
        }
        guard forward | backward != 0 else { return nil }
        restricted &= forward | backward

        let generic = tags["maxspeed"].flatMap(MaxSpeed.init(osmValue:))
        let forwardLimit = tags["maxspeed:forward"].flatMap(MaxSpeed.init(osmValue:)) ?? generic
        let backwardLimit = tags["maxspeed:backward"].flatMap(MaxSpeed.init(osmValue:)) ?? generic
        let base = WayRules.defaultMotorSpeed(highwayClass, serviceKind: tags["service"])
        let ferrySpeed = WayRules.ferrySpeed(tags: tags)

        self.highwayClass = highwayClass
        self.name = tags["name"] ?? ""
        self.ref = tags["ref"] ?? ""
        self.forwardModes = forward
        self.backwardModes = backward
        self.restrictedModes = restricted
        self.speedLimitForward = forwardLimit?.kmh
        self.speedLimitBackward = backwardLimit?.kmh
        self.motorSpeedForward = isFerry ? ferrySpeed : WayRules.motorSpeed(base: base, limit: forwardLimit)
        self.motorSpeedBackward = isFerry ? ferrySpeed : WayRules.motorSpeed(base: base, limit: backwardLimit)
        let bicycleDesignated = ["yes", "designated"].contains(tags["bicycle"] ?? "")
        var bicycle = isFerry ? ferrySpeed : WayRules.defaultBicycleSpeed(highwayClass, designated: bicycleDesignated)
        if let limit = generic?.kmh, !isFerry { bicycle = min(bicycle, limit) }
        let dismount =
            WayRules.access(mode: .cycling, tags: tags, highwayClass: highwayClass, motorroad: motorroad) == .dismount
        // Pushing the bicycle: walking pace, as OSRM's bicycle profile does for `bicycle=dismount`.
        if dismount && !isFerry { bicycle = min(bicycle, 5) }
        self.bicycleSpeed = bicycle
        self.footSpeed = isFerry ? ferrySpeed : (highwayClass == .steps ? 3 : 5)
        self.isToll = tags["toll"] == "yes" || tags["toll:motorcar"] == "yes"
        self.isFerry = isFerry
        self.isRoundabout = roundabout
    }

    enum Oneway { case both, forward, backward, closed }

    /// A mode's access to a way, from the most to the least permissive.
    enum Access: Int, Comparable {
        case allowed
        /// Cycling only: the way may be used pushing the bicycle.
        case dismount
        case destinationOnly
        case forbidden

        static func < (a: Access, b: Access) -> Bool { a.rawValue < b.rawValue }
    }

    static func onewayValue(_ value: String?) -> Oneway? {
        switch value {
        case "yes", "true", "1": .forward
        case "-1", "reverse": .backward
        case "no", "false", "0": .both
        case "reversible", "alternating": .closed
        default: nil
        }
    }

    static func motorOneway(tags: [String: String], highwayClass: HighwayClass, roundabout: Bool) -> Oneway {
        if let explicit = onewayValue(tags["oneway"]) { return explicit }
        if roundabout || highwayClass == .motorway || highwayClass == .motorwayLink { return .forward }
        return .both
    }

    static func bicycleOneway(tags: [String: String], motorOneway: Oneway) -> Oneway {
        if let explicit = onewayValue(tags["oneway:bicycle"]) { return explicit }
        if motorOneway == .forward || motorOneway == .backward {
            let cycleway = [tags["cycleway"], tags["cycleway:left"], tags["cycleway:right"], tags["cycleway:both"]]
            if cycleway.contains(where: { $0?.hasPrefix("opposite") == true }) { return .both }
        }
        return motorOneway == .closed ? .both : motorOneway
    }

    /// Access keys from the most general to the most specific; the last one present decides.
    static func accessKeys(_ mode: TravelMode) -> [String] {
        switch mode {
        case .driving: ["access", "vehicle", "motor_vehicle", "motorcar"]
        case .taxi: ["access", "vehicle", "motor_vehicle", "motorcar", "psv", "taxi"]
        case .twoWheeler: ["access", "vehicle", "motor_vehicle", "motorcycle"]
        case .cycling: ["access", "vehicle", "bicycle"]
        case .walking: ["access", "foot"]
        }
    }

    /// What an access value means for a mode, after the car profiles of OSRM (`car.lua`: the restricted
    /// list versus the blacklist) and Valhalla (`private` and `no_thru_traffic` values): values that name
    /// a group of people who may go there on business (`destination`, `delivery`, `customers`, `private`,
    /// `permit`, `residents`) make the road destination-only; values that name other vehicles or uses
    /// (`no`, `agricultural`, `forestry`, `psv`, `bus`, `emergency`, …) forbid it. `nil`: the value says
    /// nothing we understand, so a more general key or the class default stays in force.
    static func accessDecision(_ value: String, mode: TravelMode) -> Access? {
        switch value {
        case "yes", "permissive", "designated", "discouraged", "allowed", "public", "motor_vehicle", "motorcar",
            "vehicle":
            return .allowed
        case "destination", "delivery", "customers", "private", "permit", "residents":
            return .destinationOnly
        case "dismount":
            return mode == .cycling ? .dismount : nil
        case "psv", "taxi":
            return mode == .taxi ? .allowed : .forbidden
        case "no", "agricultural", "forestry", "emergency", "use_sidepath", "restricted", "military", "official",
            "bus", "share_taxi", "minibus", "emergency_vehicle", "foot", "hov":
            return .forbidden
        default:
            return nil
        }
    }

    /// The most permissive part of a `;`-separated value (`destination;delivery`), as OSRM resolves them.
    static func accessDecision(list value: String, mode: TravelMode) -> Access? {
        guard value.contains(";") else { return accessDecision(value, mode: mode) }
        let parts = value.split(separator: ";").compactMap {
            accessDecision($0.trimmingCharacters(in: .whitespaces), mode: mode)
        }
        return parts.min()
    }

    /// The access a mode has to a way: the class default, overridden by each access key from the most general
    /// to the most specific.
    ///
    /// Three rules keep motor vehicles off ways that are not roads, where OSRM's `car.lua` and the OSM access
    /// scheme agree:
    /// - On a class the mode may not use by default (a footway, a pedestrian street, a track), only a key for that
    ///   kind of vehicle opens it (`motor_vehicle=yes`); the general `access=yes` or `access=permissive` of a
    ///   pedestrian tunnel is meant for those who may use the way anyway, so it can close a way but never open one.
    /// - The destination-only values open nothing either: `motorcar=private` on a pedestrian square does not make
    ///   it a car park (OSRM treats them as restricted on car road classes only).
    /// - A private service road (a driveway) is forbidden outright, as in OSRM, which never starts or ends a route
    ///   on one; so is `service=emergency_access`, and for motor vehicles any `area=yes` (a square is no road).
    ///
    /// A driveway (`service=driveway`: in the OSM wiki's words a minor service road leading to a residence or
    /// business) is destination-only for motor vehicles unless a tag opens it (`access=yes`, `motor_vehicle=yes`):
    /// it serves the property it leads to, so a route uses it to reach or leave that property, never to cut through
    /// to another street or to turn round in on the way elsewhere (as a route evading a banned turn would).
    static func access(mode: TravelMode, tags: [String: String], highwayClass: HighwayClass, motorroad: Bool)
        -> Access
    {
        let openByDefault = defaultAccess(mode: mode, highwayClass: highwayClass, motorroad: motorroad)
        if mode.isMotorized && (tags["area"] == "yes" || tags["service"] == "emergency_access") { return .forbidden }
        var access: Access = openByDefault ? .allowed : .forbidden
        var privateValue = false
        var openedByTag = false
        for key in accessKeys(mode) {
            guard let value = tags[key], let decision = accessDecision(list: value, mode: mode) else { continue }
            if !openByDefault && decision != .forbidden && (key == "access" || decision == .destinationOnly) {
                continue
            }
            access = decision
            privateValue = value == "private"
            openedByTag = decision == .allowed
        }
        if access == .destinationOnly && privateValue && highwayClass == .service && mode.isMotorized {
            return .forbidden
        }
        if access == .allowed && !openedByTag && mode.isMotorized && highwayClass == .service
            && tags["service"] == "driveway"
        {
            return .destinationOnly
        }
        return access
    }

    static func defaultAccess(mode: TravelMode, highwayClass: HighwayClass, motorroad: Bool) -> Bool {
        switch mode {
        case .driving, .taxi, .twoWheeler:
            switch highwayClass {
            case .motorway, .motorwayLink, .trunk, .trunkLink, .primary, .primaryLink, .secondary, .secondaryLink,
                .tertiary, .tertiaryLink, .unclassified, .residential, .livingStreet, .service, .road, .ferry:
                return true
            case .busway, .track, .cycleway, .path, .footway, .pedestrian, .steps, .bridleway:
                return false
            }
        case .cycling:
            if motorroad { return false }
            switch highwayClass {
            case .motorway, .motorwayLink, .steps, .busway, .bridleway: return false
            default: return true
            }
        case .walking:
            if motorroad { return false }
            switch highwayClass {
            case .motorway, .motorwayLink, .busway: return false
            default: return true
            }
        }
    }

    /// Free-flow car speeds per class in km/h, close to the defaults of OSRM's car profile.
    static func defaultMotorSpeed(_ highwayClass: HighwayClass, serviceKind: String?) -> Double {
        switch highwayClass {
        case .motorway: 90
        case .motorwayLink: 45
        case .trunk: 85
        case .trunkLink: 40
        case .primary: 65
        case .primaryLink: 30
        case .secondary: 55
        case .secondaryLink: 25
        case .tertiary: 40
        case .tertiaryLink: 20
        case .unclassified, .residential: 25
        case .livingStreet: 10
        case .service: serviceKind == "parking_aisle" || serviceKind == "drive-through" ? 5 : 15
        case .road: 20
        case .busway: 30
        case .track, .cycleway, .path, .footway, .pedestrian, .steps, .bridleway: 10
        case .ferry: 20
        }
    }

    /// A posted limit is scaled down (as OSRM does) because traffic rarely flows at the limit.
    static func motorSpeed(base: Double, limit: MaxSpeed?) -> Double {
        guard let kmh = limit?.kmh else { return base }
        return max(5, kmh * 0.8)
    }

    static func defaultBicycleSpeed(_ highwayClass: HighwayClass, designated: Bool) -> Double {
        switch highwayClass {
        case .cycleway: 18
        case .footway, .pedestrian: designated ? 12 : 6
        case .path, .track: 12
        case .livingStreet, .service: 12
        case .steps: 3
        default: 15
        }
    }

    /// Ferry speed from `duration` (hours:minutes) is unknown without the route length, so ferries use a
    /// typical crossing speed unless a `maxspeed` is given.
    static func ferrySpeed(tags: [String: String]) -> Double {
        tags["maxspeed"].flatMap(MaxSpeed.init(osmValue:))?.kmh ?? 20
    }
}
