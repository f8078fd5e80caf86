import Foundation
import NavBus

/// A key pair for every process of a standard navbus installation and the ACL that lets each do its job and no
/// more: what `navbus keygen --bus` writes, what `navbus demo` uses, and what the compose init service makes.
///
/// `cli` is the key for people and dashboards: it receives everything and calls every control method, and may
/// publish traffic conditions (`navbus pub`).
enum BusKeySet {
    struct Entry {
        let name: String
        let publish: [String]
        let subscribe: [String]
        var call: [String] = []
    }

    /// The proxy has a key but no ACL entry: it connects to nobody.
    static let serverOnly = ["proxy"]

    static let entries = [
        Entry(name: "navigator", publish: ["nav.", "sys."], subscribe: ["gps.", "traffic."]),
        Entry(name: "feeder", publish: ["gps.", "sys."], subscribe: ["nav.route_changed."]),
        Entry(name: "logger", publish: ["sys."], subscribe: [""]),
        Entry(name: "speeding-alerter", publish: ["alert.", "sys."], subscribe: ["nav.speeding."]),
        Entry(name: "lighting-controller", publish: ["ui.", "sys."], subscribe: ["nav.lighting_mode."]),
        Entry(
            name: "cli", publish: ["traffic."], subscribe: [""],
            call: ["navigator.", "router.", "roadSnappedLocationProvider.", "locationSimulator."]),
    ]

    static let aclFileName = "acl.json"

    /// Writes `<name>.key`/`<name>.pub` for the proxy and every entry, and `acl.json`, into `directory`.
    /// - Parameter replace: overwrite existing files instead of refusing.
    /// - Returns: the paths of the files written.
    @discardableResult
    static func write(to directory: String, replace: Bool) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [String] = []
        var clients: [ClientPermissions] = []
        for name in serverOnly {
            let files = try KeyFiles.generate(name: name, directory: directory, replace: replace)
            written += [files.secretKeyPath, files.publicKeyPath]
        }
        for entry in entries {
            let files = try KeyFiles.generate(name: entry.name, directory: directory, replace: replace)
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
