public import NavCore
public import NavBus
public import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The security options every navbus process takes, parsed in this one place: `--secret-key FILE` (its own
/// CURVE key; a process that binds an endpoint serves CURVE with it), `--server-key FILE` (the public key of
/// the proxy or server it connects to), and for processes that serve, `--acl FILE`. Each falls back to an
/// environment variable holding the path. Keys are only ever read from files, never from the command line.
public enum SecurityOptions {
    public static let secretKeyVariable = "NAVBUS_SECRET_KEY"
    public static let serverKeyVariable = "NAVBUS_SERVER_KEY"
    public static let accessControlVariable = "NAVBUS_ACL"

    /// What a process does on the bus, which decides the options it takes and needs.
    public enum Role: Sendable {
        /// Connects to the proxy or a server only (sinks, the CLI).
        case client
        /// Connects to the proxy and serves a control API (navigator, feeder).
        case clientAndServer
        /// Serves only (the proxy).
        case server
    }

    public static func options(for role: Role) -> [Option] {
        var options = [
            Option(
                "secret-key", variable: secretKeyVariable,
                help: "this process's CURVE secret key file (NAME.key, mode 0600); without it the bus is plain",
                valueName: "FILE")
        ]
        if role != .server {
            options.append(
                Option(
                    "server-key", variable: serverKeyVariable,
                    help: "public key file (NAME.pub) of the proxy or server this process connects to", valueName: "FILE"))
        }
        if role != .client {
            options.append(
                Option(
                    "acl", variable: accessControlVariable,
                    help: "access control list (JSON, Protocols/acl.schema.json) of the clients let in; re-read on change or SIGHUP",
                    valueName: "FILE"))
        }
        return options
    }

    /// Reads the keys and the ACL the options name and installs them as the process default, so every socket the
    /// process opens uses them; without any of them the bus is plain. ``announce(_:logger:)`` says which, once the
    /// rest of the configuration is known to be good (a process that cannot start says only why).
    /// - Throws: `UsageError` saying what to pass instead when the files are missing, exposed or malformed, or
    ///   when a key is given without the others the role needs.
    public static func security(from options: ParsedOptions, role: Role, logger: Logger) throws(UsageError) -> BusSecurity {
        let secretPath = options.value("secret-key").flatMap { $0.isEmpty ? nil : $0 }
        let serverPath = role == .server ? nil : options.value("server-key").flatMap { $0.isEmpty ? nil : $0 }
        let aclPath = role == .client ? nil : options.value("acl").flatMap { $0.isEmpty ? nil : $0 }
        guard let secretPath else {
            if serverPath != nil || aclPath != nil {
                throw UsageError("--server-key and --acl need --secret-key FILE, this process's own key (navbus keygen NAME --out DIR)")
            }
            BusSecurity.plain.installAsProcessDefault()
            return .plain
        }
        do {
            let keys = try KeyFiles.readSecretKey(path: secretPath)
            var security = BusSecurity(keys: keys)
            if role != .server {
                guard let serverPath else {
                    throw UsageError("--secret-key needs --server-key FILE, the public key (NAME.pub) of the proxy or server")
                }
                security.serverKey = try KeyFiles.readPublicKey(path: serverPath)
            }
            if role != .client {
                guard let aclPath else {
                    throw UsageError("a process that serves CURVE needs --acl FILE, the clients it lets in (see Protocols/acl.schema.json)")
                }
                let store = try AccessControlStore(path: aclPath) { logger.warning($0) }
                security.accessControl = store
            }
            security.installAsProcessDefault()
            return security
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError("\(error)")
        }
    }
}

extension SecurityOptions {
    /// The one line at start that says how the bus is protected: a warning when it is plain.
    public static func announce(_ security: BusSecurity, logger: Logger) {
        if let keys = security.keys {
            logger.info("CURVE on: this process's public key is \(keys.publicKey.z85)")
        } else {
            logger.warning(
                "the bus is unauthenticated: no --secret-key given, so anyone who reaches the endpoints can publish, subscribe and call")
        }
    }
}

/// Re-reads the access control list on SIGHUP, so keys are rotated without restarting the bus.
public enum AccessControlReload {
    /// Installs the handler; keep the returned source alive. Does nothing without an ACL.
    public nonisolated static func install(_ security: BusSecurity, logger: Logger) -> (any DispatchSourceSignal)? {
        guard let store = security.accessControl else { return nil }
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: DispatchQueue(label: "navbus.acl-reload"))
        source.setEventHandler { @Sendable in
            if !store.reload() { logger.info("SIGHUP: access control list unchanged") }
        }
        source.resume()
        return source
    }
}
