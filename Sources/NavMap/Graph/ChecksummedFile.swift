import Foundation

/// The container of navbus's binary files beside the graph (the same layout as ``RoadGraphFile``):
/// an 8-byte magic, format version (UInt32), reserved (UInt32), payload length (UInt64), payload
/// checksum (UInt64), then the payload written with ``BinaryWriter``.
package enum ChecksummedFile {
    static let headerSize = 32

    /// Writes `payload` under a header to `path` atomically (temporary file, then rename).
    /// - Throws: ``MapError`` (`ioFailure`).
    package static func write(payload: [UInt8], magic: [UInt8], version: UInt32, kind: String, to path: String) throws {
        var header = BinaryWriter()
        header.bytes.append(contentsOf: magic.prefix(8))
        header.appendScalar(version)
        header.appendScalar(UInt32(0))
        header.appendScalar(UInt64(payload.count))
        header.appendScalar(RoadGraphFile.checksum(payload))
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw MapError(.ioFailure, path: path, "cannot create the \(kind) file")
        }
        do {
            try handle.write(contentsOf: header.bytes)
            try handle.write(contentsOf: payload)
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporary)
            throw MapError(.ioFailure, path: path, "cannot write the \(kind) file: \(error.localizedDescription)")
        }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw MapError(.ioFailure, path: path, "cannot move the \(kind) file into place (errno \(errno))")
        }
    }

    /// Reads the file at `path`, checks its header and checksum and hands the payload to `body`.
    /// - Throws: ``MapError``: `fileNotFound`, `truncated`, `corrupt` (magic or checksum), `versionMismatch`,
    ///   or what `body` throws.
    package static func read<T>(
        path: String, magic: [UInt8], version expectedVersion: UInt32, kind: String,
        _ body: (inout BinaryReader) throws -> T
    ) throws -> T {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MapError(.fileNotFound, path: path, "no such file or not readable")
        }
        return try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.count >= headerSize else {
                throw MapError(.truncated, path: path, "shorter than the \(headerSize)-byte \(kind) header")
            }
            guard Array(bytes.prefix(8)) == Array(magic.prefix(8)) else {
                throw MapError(.corrupt, path: path, "not a \(kind) file (bad magic)")
            }
            var header = BinaryReader(bytes: UnsafeBufferPointer(rebasing: bytes[8..<headerSize]), path: path)
            let version: UInt32 = try header.scalar()
            _ = try header.scalar() as UInt32
            let length: UInt64 = try header.scalar()
            let expected: UInt64 = try header.scalar()
            guard version == expectedVersion else {
                throw MapError(
                    .versionMismatch, path: path,
                    "\(kind) format version \(version), this build reads version \(expectedVersion)")
            }
            guard UInt64(bytes.count - headerSize) >= length else {
                throw MapError(
                    .truncated, path: path,
                    "payload is \(bytes.count - headerSize) bytes, header announces \(length); the file is truncated")
            }
            let payload = UnsafeBufferPointer(rebasing: bytes[headerSize..<(headerSize + Int(length))])
            guard RoadGraphFile.checksum(payload) == expected else {
                throw MapError(.corrupt, path: path, "checksum mismatch; the file is damaged")
            }
            var reader = BinaryReader(bytes: payload, path: path)
            return try body(&reader)
        }
    }
}
