/// A CURVE public key, kept in its 40-character Z85 text form (what `.pub` files and the ACL hold).
public struct CurvePublicKey: Sendable, Hashable, CustomStringConvertible {
    public let z85: String
    let bytes: [UInt8]

    /// - Returns: `nil` unless `z85` is a 40-character Z85 key.
    public init?(z85: String) {
        guard let bytes = ZMQCurve.decode(z85) else { return nil }
        self.z85 = z85
        self.bytes = bytes
    }

    public var description: String { z85 }
}

/// A process's own CURVE key pair. Its description shows only the public key, so a pair that ends up in a log
/// line or an error message never reveals the secret.
public struct CurveKeyPair: Sendable, Equatable, CustomStringConvertible {
    public let publicKey: CurvePublicKey
    let secretKeyBytes: [UInt8]

    /// The pair that belongs to a Z85 secret key.
    /// - Returns: `nil` unless `secretKey` is a 40-character Z85 key.
    public init?(secretKey: String) {
        guard let secret = ZMQCurve.decode(secretKey), let publicText = ZMQCurve.publicKey(forSecretKey: secretKey),
            let publicKey = CurvePublicKey(z85: publicText)
        else { return nil }
        self.publicKey = publicKey
        secretKeyBytes = secret
    }

    /// A fresh random pair.
    /// - Throws: `SecurityError` when this libzmq has no CURVE support.
    public static func generate() throws(SecurityError) -> (pair: CurveKeyPair, secretKeyText: String) {
        guard ZMQCurve.isAvailable, let keys = try? ZMQCurve.generateKeyPair(), let pair = CurveKeyPair(secretKey: keys.secretKey)
        else {
            throw SecurityError(.curveUnavailable, path: "libzmq", "this libzmq was built without CURVE (libsodium)")
        }
        return (pair, keys.secretKey)
    }

    public var description: String { "CURVE key pair \(publicKey.z85)" }
}
