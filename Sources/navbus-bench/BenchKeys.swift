import Foundation
import NavBus

/// Keys and an ACL made for one benchmark run, so the CURVE figures come from the same processes and the
/// same authorization work as a secured installation: the proxy, a navigator, and the bench itself (which may
/// publish, receive and call everything under its own `navbus://bench/` source).
struct BenchKeys {
    let directory: String

    /// `--security plain,curve`: which of the two modes a benchmark runs (both by default, side by side).
    static func modes(_ text: String) throws -> [Bool] {
        try text.split(separator: ",").map { mode in
            switch mode {
            case "plain": return false
            case "curve": return true
            default: throw BenchError("--security takes plain, curve or plain,curve, got '\(mode)'")
            }
        }
    }

    static func name(secure: Bool) -> String { secure ? "CURVE" : "plain" }

    init() throws {
        directory = NSTemporaryDirectory() + "navbus-bench-keys-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var clients: [ClientPermissions] = []
        for name in ["proxy", "navigator", "bench"] {
            let key = try KeyFiles.generate(name: name, directory: directory).publicKey
            switch name {
            case "navigator":
                clients.append(ClientPermissions(name: name, key: key, publish: ["nav.", "sys."], subscribe: ["gps.", "traffic."]))
            case "bench":
                clients.append(ClientPermissions(name: name, key: key, publish: [""], subscribe: [""], call: [""]))
            default:
                break
            }
        }
        let acl = try AccessControlList(clients: clients).jsonText
        try acl.write(toFile: directory + "/acl.json", atomically: true, encoding: .utf8)
    }

    /// The proxy's key options; `vehicleSubscriberEndpoint` is bound but unused (no client is limited).
    func proxyArguments(vehicleSubscriberEndpoint: String) -> [String] {
        ["--secret-key", directory + "/proxy.key", "--acl", directory + "/acl.json", "--vehicle-sub", vehicleSubscriberEndpoint]
    }

    /// The navigator's key options: its own key, the proxy's, and the ACL of its control server.
    var navigatorArguments: [String] {
        ["--secret-key", directory + "/navigator.key", "--server-key", directory + "/proxy.pub", "--acl", directory + "/acl.json"]
    }

    /// The bench's own security as a client of the proxy and, at `navigatorEndpoint`, of the navigator.
    func benchSecurity(navigatorEndpoint: String? = nil) throws -> BusSecurity {
        var endpointKeys: [String: CurvePublicKey] = [:]
        if let navigatorEndpoint {
            endpointKeys[navigatorEndpoint] = try KeyFiles.readPublicKey(path: directory + "/navigator.pub")
        }
        return BusSecurity(
            keys: try KeyFiles.readSecretKey(path: directory + "/bench.key"),
            serverKey: try KeyFiles.readPublicKey(path: directory + "/proxy.pub"), endpointKeys: endpointKeys)
    }

    /// The keys a parent made, for its child processes.
    init(existing directory: String) {
        self.directory = directory
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
