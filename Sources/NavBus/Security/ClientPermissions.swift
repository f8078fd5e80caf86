import NavProtocol

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
            .navDelayCategory, .navLightingMode, .navSpeeding, .navNavInfo, .navVoicePrompt, .alertSpeeding, .uiLighting:
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
