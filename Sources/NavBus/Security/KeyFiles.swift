import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The key files of `navbus keygen NAME --out DIR`: `NAME.key` holds the Z85 secret key (mode 0600) and
/// `NAME.pub` the Z85 public key, one line each. Processes get file paths, never keys, so keys stay out of
/// argv, environment listings and logs.
public enum KeyFiles {
    /// Writes a fresh pair as `<directory>/<name>.key` and `<directory>/<name>.pub`.
    /// - Parameter replace: overwrite existing files instead of refusing.
    /// - Returns: the paths written.
    /// - Throws: `SecurityError` when the files exist (without `replace`) or cannot be written.
    @discardableResult
    public static func generate(name: String, directory: String, replace: Bool = false) throws(SecurityError)
        -> (secretKeyPath: String, publicKeyPath: String, publicKey: CurvePublicKey)
    {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw SecurityError(.cannotWrite, path: name, "a key name must be a plain file name such as 'navigator'")
        }
        let (pair, secretText) = try CurveKeyPair.generate()
        let secretPath = directory + "/" + name + ".key"
        let publicPath = directory + "/" + name + ".pub"
        try write(secretText + "\n", to: secretPath, mode: 0o600, replace: replace)
        try write(pair.publicKey.z85 + "\n", to: publicPath, mode: 0o644, replace: replace)
        return (secretPath, publicPath, pair.publicKey)
    }

    /// Reads a secret key file and checks that only its owner can read it.
    /// - Throws: `SecurityError` when the file is missing, readable by group or others, or holds no key.
    public static func readSecretKey(path: String) throws(SecurityError) -> CurveKeyPair {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw SecurityError(.unreadable, path: path, "cannot read the secret key file: \(String(cString: strerror(errno)))")
        }
        let mode = status.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw SecurityError(
                .exposedSecretKey, path: path,
                "secret key file is readable by group or others (mode \(String(mode, radix: 8))); run: chmod 600 \(path)")
        }
        let text = try firstLine(path)
        guard let pair = CurveKeyPair(secretKey: text) else {
            throw SecurityError(.notAKey, path: path, "not a CURVE secret key (one line of 40 Z85 characters)")
        }
        return pair
    }

    /// Reads a public key file (`NAME.pub`).
    /// - Throws: `SecurityError` when the file is missing or holds no key.
    public static func readPublicKey(path: String) throws(SecurityError) -> CurvePublicKey {
        guard let key = CurvePublicKey(z85: try firstLine(path)) else {
            throw SecurityError(.notAKey, path: path, "not a CURVE public key (one line of 40 Z85 characters)")
        }
        return key
    }

    private static func firstLine(_ path: String) throws(SecurityError) -> String {
        guard let data = FileManager.default.contents(atPath: path), data.count < 4096 else {
            throw SecurityError(.unreadable, path: path, "cannot read the key file")
        }
        let text = String(decoding: data, as: UTF8.self)
        return String(text.split(whereSeparator: \.isNewline).first ?? "").trimmingCharacters(in: .whitespaces)
    }

    private static func write(_ text: String, to path: String, mode: mode_t, replace: Bool) throws(SecurityError) {
        let flags = O_WRONLY | O_CREAT | (replace ? O_TRUNC : O_EXCL)
        let descriptor = open(path, flags, mode)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "exists already (pass --force to replace it)" : String(cString: strerror(errno))
            throw SecurityError(.cannotWrite, path: path, reason)
        }
        defer { close(descriptor) }
        // open's mode is filtered by the umask and ignored for an existing file; the secret must end up 0600.
        fchmod(descriptor, mode)
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw SecurityError(.cannotWrite, path: path, String(cString: strerror(errno)))
        }
    }
}
