import Foundation
import NavBus

/// A key pair for every process of a standard navbus installation and the ACL that lets each do its job and no
/// more: what `navbus keygen --bus` writes, what `navbus demo` uses, and what the compose init service makes.
///
/// `cli` is the key for people and dashboards: it receives everything and calls every control method, and may
/// publish traffic conditions (`navbus pub`). Every process may also receive heartbeats, so `navbus health`
/// can run with the process's own key (the compose health checks do).
enum BusKeySet {
    struct Entry {
        let name: String
        let publish: [String]
        let subscribe: [String]
        var call: [String] = []
    }

    static let entries = [
        // The proxy connects to nobody; its entry is for its health check's heartbeat subscription.
        Entry(name: "proxy", publish: [], subscribe: ["sys.heartbeat."]),
        Entry(name: "navigator", publish: ["nav.", "sys."], subscribe: ["gps.", "traffic.", "sys.heartbeat."]),
        Entry(name: "feeder", publish: ["gps.", "sys."], subscribe: ["nav.route_changed.", "sys.heartbeat."]),
        Entry(name: "logger", publish: ["sys."], subscribe: [""]),
        Entry(name: "speeding-alerter", publish: ["alert.", "sys."], subscribe: ["nav.speeding.", "sys.heartbeat."]),
        Entry(name: "lighting-controller", publish: ["ui.", "sys."], subscribe: ["nav.lighting_mode.", "sys.heartbeat."]),
        Entry(name: "web", publish: ["sys."], subscribe: ["nav.", "gps.", "alert.", "ui.", "traffic.", "sys."]),
        Entry(name: "speaker", publish: ["sys."], subscribe: ["nav.voice_prompt.", "sys.heartbeat."]),
        Entry(
            name: "cli", publish: ["traffic."], subscribe: [""],
            call: ["navigator.", "router.", "roadSnappedLocationProvider.", "locationSimulator."]),
    ]

    static let aclFileName = "acl.json"

    /// Writes `<name>.key`/`<name>.pub` for every entry, and `acl.json`, into `directory`.
    /// - Parameters:
    ///   - secretsDirectory: when set, each `<name>.key` goes into a directory of its own, `<secrets>/<name>/`
    ///     (mode 0700), and `directory` gets only the public keys and the ACL; so each process (each container)
    ///     can be given its own secret and nobody else's.
    ///   - replace: overwrite existing files instead of refusing.
    /// - Returns: the paths of the files written.
    @discardableResult
    static func write(to directory: String, secretsDirectory: String? = nil, replace: Bool) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [String] = []
        var clients: [ClientPermissions] = []
        for entry in entries {
            let own = secretsDirectory.map { "\($0)/\(entry.name)" }
            if let own {
                try FileManager.default.createDirectory(
                    atPath: own, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            var files = try KeyFiles.generate(name: entry.name, directory: own ?? directory, replace: replace)
            if own != nil {
                let shared = directory + "/" + entry.name + ".pub"
                if replace { try? FileManager.default.removeItem(atPath: shared) }
                try FileManager.default.copyItem(atPath: files.publicKeyPath, toPath: shared)
                files.publicKeyPath = shared
            }
            written += [files.secretKeyPath, files.publicKeyPath]
            clients.append(
                ClientPermissions(
                    name: entry.name, key: files.publicKey, publish: entry.publish, subscribe: entry.subscribe,
                    call: entry.call))
        }
        let acl = directory + "/" + aclFileName
        guard FileManager.default.createFile(atPath: acl, contents: Data(try AccessControlList(clients: clients).jsonText.utf8))
        else { throw CLIError("cannot write \(acl)") }
        written.append(acl)
        return written
    }
}
