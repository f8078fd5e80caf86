import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps one file per vehicle session in a directory, each replaced atomically.
///
/// A save writes a temporary file, flushes it to disk, renames it over the old file and flushes the
/// directory, so after a crash (even `kill -9` or a power cut) every file holds either the previous or
/// the new session, never a torn mix.
struct SessionStore {
    /// Larger files are not read: no real session comes near it (25 legs of geometry are a few MB).
    static let maximumFileSize = 32 << 20

    let directory: String
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    /// Opens (and creates when missing) the state directory.
    /// - Throws: ``SessionStoreError`` when the directory cannot be created.
    init(directory: String) throws(SessionStoreError) {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw SessionStoreError(path: directory, message: "cannot create the state directory: \(error)")
        }
        // A read-only directory would otherwise be found out at the first save, long after start.
        let probe = directory + "/.navbus-write-test"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw SessionStoreError(
                path: directory, message: "the state directory is not writable: \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(probe)
        // Engine state may hold infinities (for example "no limit yet"); JSON has no spelling for them.
        let strings = (positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: strings.positiveInfinity, negativeInfinity: strings.negativeInfinity, nan: strings.nan)
        decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: strings.positiveInfinity, negativeInfinity: strings.negativeInfinity, nan: strings.nan)
    }

    /// Saves a session, replacing its previous file.
    /// - Throws: ``SessionStoreError`` when encoding or any file operation fails.
    func save(_ session: VehicleSession) throws(SessionStoreError) {
        let path = file(for: session.vehicle)
        let bytes: Data
        do {
            bytes = try encoder.encode(session)
        } catch {
            throw SessionStoreError(path: path, message: "cannot encode the session: \(error)")
        }
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(temporary, "open") }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        guard written, fsync(descriptor) == 0 else {
            let error = failure(temporary, "write")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw failure(path, "rename") }
        syncDirectory()
    }

    /// Deletes a vehicle's file, if any.
    func remove(vehicle: String) {
        unlink(file(for: vehicle))
        syncDirectory()
    }

    /// Reads every saved session.
    /// - Returns: The sessions read, and one line per file that could not be read (left in place).
    func loadAll() -> (sessions: [VehicleSession], problems: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var sessions: [VehicleSession] = []
        var problems: [String] = []
        // A temporary file is what a crash in the middle of a save leaves; the previous file is intact.
        for name in names where name.hasSuffix(".session.json.tmp") { unlink(directory + "/" + name) }
        for name in names.sorted() where name.hasSuffix(".session.json") {
            let path = directory + "/" + name
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= Self.maximumFileSize else {
                problems.append("\(path): \(size) bytes, more than a session can hold (\(Self.maximumFileSize))")
                continue
            }
            do {
                let session = try decoder.decode(
                    VehicleSession.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
                guard session.format == VehicleSession.formatVersion else {
                    problems.append(
                        "\(path): saved in format \(session.format), expected \(VehicleSession.formatVersion)")
                    continue
                }
                // A file copied or renamed from another vehicle's must not replace that vehicle's session.
                guard file(for: session.vehicle) == path else {
                    problems.append("\(path): holds the session of vehicle \"\(session.vehicle.prefix(80))\", not of this file's")
                    continue
                }
                sessions.append(session)
            } catch {
                problems.append("\(path): \(error)")
            }
        }
        return (sessions, problems)
    }

    /// The file of a vehicle: its id with everything but letters, digits, `-` and `_` percent-encoded,
    /// so any id (`fleet/7`, `..`) stays inside the directory.
    func file(for vehicle: String) -> String {
        var name = ""
        for byte in vehicle.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                name += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return directory + "/" + name + ".session.json"
    }

    private func syncDirectory() {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private func failure(_ path: String, _ operation: String) -> SessionStoreError {
        SessionStoreError(path: path, message: "\(operation) failed: \(String(cString: strerror(errno)))")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
