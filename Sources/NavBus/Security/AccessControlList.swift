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
            // Scoped copies are for receivers: a tracker limited to its car but receiving nothing needs none.
            if let vehicles = client.vehicles, !client.subscribe.isEmpty { scoped.formUnion(vehicles) }
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
