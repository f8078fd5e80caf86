import Synchronization

/// How a process protects its sockets: plain, or CURVE with its own key pair, the public key of the proxy
/// (and of the servers it calls), and for a process that serves, the access control list its ZAP handler
/// consults. Every socket made from a `ZMQContext` applies the context's `security` for its role.
///
/// A process sets its security once at start (`NavService.SecurityOptions` does, from `--secret-key`,
/// `--server-key` and `--acl`) as the process default, which every `ZMQContext()` then takes: so no socket of a
/// process stays plain because one component forgot to pass the keys on.
public struct BusSecurity: Sendable {
    /// No keys: the bus is unauthenticated.
    public static let plain = BusSecurity()

    private static let processWide = Mutex<BusSecurity>(.plain)

    /// What `ZMQContext()` uses when given nothing else: plain until `installAsProcessDefault()`.
    public static var processDefault: BusSecurity { processWide.withLock { $0 } }

    /// Makes this the security of every context the process creates from now on.
    public func installAsProcessDefault() {
        Self.processWide.withLock { $0 = self }
    }

    /// The process's own key pair; `nil` for a plain bus.
    public var keys: CurveKeyPair?
    /// The public key of the proxy, and of any server this process connects to that has no entry in
    /// `endpointKeys`.
    public var serverKey: CurvePublicKey?
    /// Public keys of the servers at particular endpoints (the demo calls a navigator and a feeder).
    public var endpointKeys: [String: CurvePublicKey]
    /// Who may connect to the servers this process binds.
    public var accessControl: AccessControlStore?

    public init(
        keys: CurveKeyPair? = nil, serverKey: CurvePublicKey? = nil, endpointKeys: [String: CurvePublicKey] = [:],
        accessControl: AccessControlStore? = nil
    ) {
        self.keys = keys
        self.serverKey = serverKey
        self.endpointKeys = endpointKeys
        self.accessControl = accessControl
    }

    public var isSecure: Bool { keys != nil }

    /// Makes `socket` a CURVE client of the server at `endpoint`. Call before `connect`.
    /// - Throws: `SecurityError` when keys are set but the server's public key is not known.
    public func secureClient(_ socket: ZMQSocket, endpoint: String) throws {
        // inproc never leaves the process and libzmq runs no security handshake on it.
        guard let keys, !endpoint.hasPrefix("inproc://") else { return }
        guard let server = endpointKeys[endpoint] ?? serverKey else {
            throw SecurityError(
                .notAKey, path: endpoint, "no server key for this endpoint: pass --server-key FILE (the server's NAME.pub)")
        }
        try socket.setCurveClient(publicKey: keys.publicKey.bytes, secretKey: keys.secretKeyBytes, serverKey: server.bytes)
    }

    /// Makes `socket` a CURVE server whose clients the context's ZAP handler checks against the ACL (started
    /// here on first use); failed handshakes and refusals are counted in `counters`. Call before `bind`.
    /// - Throws: `SecurityError` when keys are set without an access control list.
    public func secureServer(_ socket: ZMQSocket, domain: ZAPDomain, counters: BusCounters) throws {
        guard let keys else { return }
        guard let accessControl else {
            throw SecurityError(
                .invalidAccessControl, path: domain.rawValue,
                "a CURVE server needs --acl FILE to know which clients to let in")
        }
        try socket.context.startAuthentication(
            decide: { accessControl.decide($0, counters: counters) },
            onFailure: { failure in
                switch failure {
                case .mechanismMismatch, .cryptographic, .protocolError: counters.add("handshakeFailed")
                case .refused: break  // already counted by the decision as authDenied
                }
            })
        try socket.setCurveServer(secretKey: keys.secretKeyBytes, zapDomain: domain.rawValue)
        try socket.monitorHandshakeFailures()
    }
}
