import NavProtocol

/// Who may use the bus and what for: the `--acl FILE` of the proxy and the control servers.
///
/// `{"clients": [{"name": "dash", "key": "<Z85 public key>", "publish": ["nav."], "vehicles": ["car-1"],
/// "subscribe": ["nav.", "sys."], "call": ["navigator.getState"], "sources": ["navbus://dash/"]}]}`
/// (schema `Protocols/acl.schema.json`). Topic and method patterns are prefixes (a trailing `*` is allowed
/// and means the same); a vehicle is an exact id, or a prefix when it ends in `*`. What a client entry does
/// not grant is refused: no `publish` means it publishes nothing. A missing `vehicles` means every vehicle.
/// `sources` (default `navbus://<name>/`) are the CloudEvents `source` prefixes its messages may carry, so
/// one client cannot pass its messages off as another's.
public struct AccessControlList: Sendable, Equatable {
    public private(set) var clients: [ClientPermissions]
    private var byKey: [String: Int]
    /// Vehicles that some client may see only a part of: their messages are also sent with scoped topic frames.
    private var scopedVehicles: VehicleSet

    public init(clients: [ClientPermissions]) throws(AccessControlError) {
        var byKey: [String: Int] = [:]
        var names: Set<String> = []
        var scoped = VehicleSet(patterns: [])
        for (index, client) in clients.enumerated() {
            guard names.insert(client.name).inserted else {
                throw AccessControlError("two clients are named '\(client.name)'; names must be unique")
            }
            guard byKey.updateValue(index, forKey: client.key.z85) == nil else {
                throw AccessControlError("client '\(client.name)' has the same key as another client")
            }
            if let vehicles = client.vehicles { scoped.formUnion(vehicles) }
        }
        self.clients = clients
        self.byKey = byKey
        scopedVehicles = scoped
    }

    /// Parses the JSON text of an ACL file.
    /// - Throws: `AccessControlError` naming the member that is wrong.
    public init(json bytes: [UInt8]) throws(AccessControlError) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw AccessControlError("not JSON: \(error)")
        }
        guard case .object(let root) = document else { throw AccessControlError("the ACL must be a JSON object") }
        for key in root.keys where key != "clients" && key != "$schema" {
            throw AccessControlError("unknown member '\(key)' (expected 'clients')")
        }
        guard case .array(let entries) = root["clients"] else {
            throw AccessControlError("member 'clients' must be an array of client entries")
        }
        var clients: [ClientPermissions] = []
        for (index, entry) in entries.enumerated() {
            clients.append(try ClientPermissions(json: entry, position: index))
        }
        try self.init(clients: clients)
    }

    /// The client that holds `key`, if the ACL lets it in at all.
    public func client(withKey key: String) -> ClientPermissions? {
        byKey[key].map { clients[$0] }
    }

    /// Whether a message about `subject` should also go out with a scoped topic frame, because some client may
    /// receive that vehicle's messages but not every vehicle's.
    public func hasScopedReceivers(for subject: String) -> Bool {
        scopedVehicles.contains(subject)
    }

    /// Whether any client is limited to some vehicles (and so uses the vehicle-scoped subscriber endpoint).
    public var hasVehicleLimitedClients: Bool { !scopedVehicles.patterns.isEmpty }

    /// Whether the new ACL takes anything away that this one granted on the subscriber side: a client removed,
    /// its key replaced, or its `subscribe` or `vehicles` changed. Registered subscriptions cannot be
    /// withdrawn one by one, so the proxy then makes every subscriber reconnect.
    public func isNarrowed(by newer: AccessControlList) -> Bool {
        clients.contains { old in
            guard let new = newer.client(withKey: old.key.z85) else { return true }
            return new.subscribe != old.subscribe || new.vehicles != old.vehicles
        }
    }

    public static func == (lhs: AccessControlList, rhs: AccessControlList) -> Bool { lhs.clients == rhs.clients }
}

/// What one client key may do.
public struct ClientPermissions: Sendable, Equatable {
    public var name: String
    public var key: CurvePublicKey
    /// Topic prefixes it may publish.
    public var publish: [String]
    /// Topic prefixes it may subscribe to.
    public var subscribe: [String]
    /// Method prefixes it may call.
    public var call: [String]
    /// The vehicles it may publish about, receive and control; `nil` for all.
    public var vehicles: VehicleSet?
    /// The CloudEvents `source` prefixes its messages may carry.
    public var sources: [String]

    public init(
        name: String, key: CurvePublicKey, publish: [String] = [], subscribe: [String] = [], call: [String] = [],
        vehicles: [String]? = nil, sources: [String]? = nil
    ) {
        self.name = name
        self.key = key
        self.publish = publish.map(Self.prefix)
        self.subscribe = subscribe.map(Self.prefix)
        self.call = call.map(Self.prefix)
        self.vehicles = vehicles.map { VehicleSet(patterns: $0) }
        self.sources = (sources ?? ["navbus://\(name)/"]).map(Self.prefix)
    }

    static let members: Set<String> = ["name", "key", "publish", "subscribe", "call", "vehicles", "sources"]

    init(json: JSONValue, position: Int) throws(AccessControlError) {
        guard case .object(let object) = json else {
            throw AccessControlError("clients[\(position)] must be an object")
        }
        let label = object["name"]?.stringValue.map { "client '\($0)'" } ?? "clients[\(position)]"
        for key in object.keys where !Self.members.contains(key) {
            throw AccessControlError("\(label): unknown member '\(key)' (expected \(Self.members.sorted().joined(separator: ", ")))")
        }
        guard let name = object["name"]?.stringValue, !name.isEmpty else {
            throw AccessControlError("\(label): member 'name' must be a non-empty string")
        }
        guard let keyText = object["key"]?.stringValue, let key = CurvePublicKey(z85: keyText) else {
            throw AccessControlError("\(label): member 'key' must be a 40-character Z85 public key (a NAME.pub file's line)")
        }
        func strings(_ member: String) throws(AccessControlError) -> [String]? {
            guard let value = object[member] else { return nil }
            guard case .array(let elements) = value else {
                throw AccessControlError("\(label): member '\(member)' must be an array of strings")
            }
            var result: [String] = []
            for element in elements {
                guard let text = element.stringValue else {
                    throw AccessControlError("\(label): member '\(member)' must be an array of strings")
                }
                result.append(text)
            }
            return result
        }
        let vehicles = try strings("vehicles")
        if let vehicles, let bad = vehicles.first(where: { $0.isEmpty || $0.contains("[") || $0.contains("]") }) {
            throw AccessControlError("\(label): vehicle '\(bad)' must be non-empty and without '[' or ']'")
        }
        self.init(
            name: name, key: key, publish: try strings("publish") ?? [], subscribe: try strings("subscribe") ?? [],
            call: try strings("call") ?? [], vehicles: vehicles, sources: try strings("sources"))
    }

    /// Patterns are prefixes; a trailing `*` says so explicitly and is dropped.
    private static func prefix(_ pattern: String) -> String {
        pattern.hasSuffix("*") ? String(pattern.dropLast()) : pattern
    }

    /// Whether it may publish on `topic` about `subject` with this `source`.
    public func mayPublish(topic: String, subject: String, source: String) -> Bool {
        guard publish.contains(where: { topic.hasPrefix($0) }), sources.contains(where: { source.hasPrefix($0) }) else {
            return false
        }
        return !Self.isVehicleTopic(topic) || mayAccess(vehicle: subject)
    }

    /// Whether it may call `method` for `vehicle`.
    public func mayCall(method: String, vehicle: String) -> Bool {
        guard call.contains(where: { method.hasPrefix($0) }) else { return false }
        // Route queries are stateless: they touch no vehicle's session.
        return method.hasPrefix("router.") || mayAccess(vehicle: vehicle)
    }

    public func mayAccess(vehicle: String) -> Bool {
        vehicles?.contains(vehicle) ?? true
    }

    /// What the proxy registers for this client when it subscribes to `prefix`: the parts of the prefix it may
    /// see; for a client limited to some vehicles, the scoped frames `topic[vehicle]` of its vehicles instead of
    /// the vehicle topics themselves.
    public func registrations(forSubscription prefix: [UInt8]) -> [[UInt8]] {
        var allowed: [[UInt8]] = []
        for pattern in subscribe.map({ Array($0.utf8) }) {
            if prefix.starts(with: pattern) {
                allowed.append(prefix)
            } else if pattern.starts(with: prefix) {
                allowed.append(pattern)
            }
        }
        guard let vehicles else { return Self.unique(allowed) }
        var scoped: [[UInt8]] = []
        for topic in Topic.allCases {
            let name = Array(topic.rawValue.utf8)
            guard allowed.contains(where: { name.starts(with: $0) }) else { continue }
            if Self.isVehicleTopic(topic.rawValue) {
                scoped += vehicles.patterns.map { ScopedTopic.registration(topic: topic.rawValue, vehiclePattern: $0) }
            } else {
                scoped.append(name)
            }
        }
        return Self.unique(scoped)
    }

    /// Topics whose subject is a vehicle. Heartbeats name a process and traffic conditions a provider, so a
    /// vehicle limit does not apply to them; a topic outside the catalogue is treated as a vehicle topic.
    public static func isVehicleTopic(_ name: String) -> Bool {
        guard let topic = Topic(rawValue: name) else { return true }
        switch topic {
        case .heartbeat, .trafficConditions:
            return false
        case .gpsFix, .navLocation, .navArrival, .navRouteChanged, .navRemainingTime, .navRemainingDistance,
            .navDelayCategory, .navLightingMode, .navSpeeding, .navNavInfo, .alertSpeeding, .uiLighting:
            return true
        }
    }

    private static func unique(_ prefixes: [[UInt8]]) -> [[UInt8]] {
        var seen: Set<[UInt8]> = []
        return prefixes.filter { seen.insert($0).inserted }
    }
}

/// Vehicle ids, each exact or (ending in `*`) a prefix.
public struct VehicleSet: Sendable, Equatable {
    public private(set) var patterns: [String]
    private var exact: Set<String>
    private var prefixes: [String]

    public init(patterns: [String]) {
        self.patterns = patterns
        exact = Set(patterns.filter { !$0.hasSuffix("*") })
        prefixes = patterns.filter { $0.hasSuffix("*") }.map { String($0.dropLast()) }
    }

    public func contains(_ vehicle: String) -> Bool {
        exact.contains(vehicle) || prefixes.contains { vehicle.hasPrefix($0) }
    }

    mutating func formUnion(_ other: VehicleSet) {
        self = VehicleSet(patterns: patterns + other.patterns.filter { !patterns.contains($0) })
    }
}

/// An ACL file that cannot be used, with the member that is wrong.
public struct AccessControlError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
