import NavCore

/// The part of an OSM extract that routing needs: every node's position, the ways that are roads or
/// ferries, and turn-restriction relations.
public struct OSMData: Sendable {
    /// A node position, with the node tags routing cares about.
    public struct Node: Sendable {
        public var latitude: Double
        public var longitude: Double
        /// `barrier=toll_booth`: passing the node costs a toll.
        public var isTollBooth: Bool
        /// Traffic lights or a stop sign at the node.
        public var attributes: NodeAttributes

        public init(latitude: Double, longitude: Double, isTollBooth: Bool = false, attributes: NodeAttributes = []) {
            self.latitude = latitude
            self.longitude = longitude
            self.isTollBooth = isTollBooth
            self.attributes = attributes
        }
    }

    /// A way with its node references and tags.
    public struct Way: Sendable {
        public var id: Int64
        public var nodeIDs: [Int64]
        public var tags: [String: String]

        public init(id: Int64, nodeIDs: [Int64], tags: [String: String]) {
            self.id = id
            self.nodeIDs = nodeIDs
            self.tags = tags
        }
    }

    /// A `type=restriction` relation.
    public struct Restriction: Sendable {
        public var id: Int64
        /// The restriction value, such as `no_left_turn` or `only_straight_on`.
        public var kind: String
        /// Modes the restriction applies to (``TravelMode/bit`` mask).
        public var modes: UInt8
        public var fromWays: [Int64]
        public var viaNode: Int64?
        public var viaWays: [Int64]
        public var toWays: [Int64]
        /// When it holds, if only at some times (nil: always).
        public var window: TimeWindow?

        public init(
            id: Int64, kind: String, modes: UInt8, fromWays: [Int64], viaNode: Int64?, viaWays: [Int64],
            toWays: [Int64], window: TimeWindow? = nil
        ) {
            self.window = window
            self.id = id
            self.kind = kind
            self.modes = modes
            self.fromWays = fromWays
            self.viaNode = viaNode
            self.viaWays = viaWays
            self.toWays = toWays
        }

        /// Reads a relation's tags and members; `nil` when it is not a usable turn restriction.
        init?(id: Int64, tags: [String: String], members: [(type: MemberType, id: Int64, role: String)]) {
            guard tags["type"] == "restriction" else { return nil }
            let vehicleModes: UInt8 =
                TravelMode.driving.bit | TravelMode.taxi.bit | TravelMode.twoWheeler.bit | TravelMode.cycling.bit
            var kind: String
            var modes: UInt8
            var window = TimeWindow(
                dayOn: tags["day_on"], dayOff: tags["day_off"], hourOn: tags["hour_on"], hourOff: tags["hour_off"])
            if let value = tags["restriction"] {
                kind = value
                modes = vehicleModes
            } else if let conditional = tags["restriction:conditional"] {
                // `no_left_turn @ (Mo-Fr 07:00-18:00)`: only conditions that are times of the week are understood;
                // any other (a vehicle's weight, a date) leaves the relation out, as before.
                let parts = conditional.split(separator: "@", maxSplits: 1).map { $0.trimmingCharactersInSpaces() }
                guard parts.count == 2, parts[1].hasPrefix("("), parts[1].hasSuffix(")"),
                    let timed = TimeWindow(condition: String(parts[1].dropFirst().dropLast()))
                else { return nil }
                kind = parts[0]
                modes = vehicleModes
                window = timed
            } else if let value = tags["restriction:motorcar"] ?? tags["restriction:motor_vehicle"] {
                kind = value
                modes = TravelMode.driving.bit | TravelMode.taxi.bit | TravelMode.twoWheeler.bit
            } else if let value = tags["restriction:bicycle"] {
                kind = value
                modes = TravelMode.cycling.bit
            } else {
                return nil
            }
            kind = kind.trimmingCharactersInSpaces()
            guard kind.hasPrefix("no_") || kind.hasPrefix("only_") else { return nil }
            for excepted in (tags["except"] ?? "").split(separator: ";") {
                switch excepted.trimmingCharactersInSpaces() {
                case "bicycle": modes &= ~TravelMode.cycling.bit
                case "motorcar": modes &= ~(TravelMode.driving.bit | TravelMode.taxi.bit)
                case "psv", "taxi": modes &= ~TravelMode.taxi.bit
                case "motorcycle": modes &= ~TravelMode.twoWheeler.bit
                default: break
                }
            }
            guard modes != 0 else { return nil }
            var from: [Int64] = []
            var to: [Int64] = []
            var viaNode: Int64?
            var viaWays: [Int64] = []
            for member in members {
                switch (member.type, member.role) {
                case (.way, "from"): from.append(member.id)
                case (.way, "to"): to.append(member.id)
                case (.node, "via"): viaNode = member.id
                case (.way, "via"): viaWays.append(member.id)
                default: break
                }
            }
            guard !from.isEmpty, !to.isEmpty, (viaNode != nil) != !viaWays.isEmpty else { return nil }
            self.init(
                id: id, kind: kind, modes: modes, fromWays: from, viaNode: viaNode, viaWays: viaWays, toWays: to,
                window: window)
        }
    }

    /// Kinds of relation members.
    public enum MemberType: Sendable { case node, way, relation }

    public var nodes: [Int64: Node]
    public var ways: [Way]
    public var restrictions: [Restriction]
    /// Access tags of `route=ferry` relations by member way: a ferry route often says who may board only on its
    /// relation (the passenger boat across Monaco's port: `motor_vehicle=no` on relation 2218012, nothing on its way).
    public var ferryRouteAccess: [Int64: [String: String]] = [:]

    /// The keys a ferry way takes from its route relation when it has none of its own.
    public static let ferryAccessKeys: Set<String> = [
        "access", "vehicle", "motor_vehicle", "motorcar", "motorcycle", "moped", "hgv", "psv", "bus", "taxi",
        "bicycle", "foot",
    ]

    /// Gives every ferry way the access tags of its route relation that the way does not set itself (the way's own
    /// tags win, as OSM's documentation of ferry routes has it).
    public mutating func applyFerryRouteAccess() {
        guard !ferryRouteAccess.isEmpty else { return }
        for index in ways.indices {
            guard ways[index].tags["route"] == "ferry", let inherited = ferryRouteAccess[ways[index].id] else {
                continue
            }
            for (key, value) in inherited where ways[index].tags[key] == nil {
                ways[index].tags[key] = value
            }
        }
    }

    public init(nodes: [Int64: Node] = [:], ways: [Way] = [], restrictions: [Restriction] = []) {
        self.nodes = nodes
        self.ways = ways
        self.restrictions = restrictions
    }
}
