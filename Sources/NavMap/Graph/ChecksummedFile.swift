import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a payload is written: in memory (``BinaryWriter``) or streamed to a file
/// (``ChecksummedFile/StreamingWriter``). Writers that fail remember it and report at the end, so the
/// sections of a payload are written without a `try` each.
package protocol PayloadWriter {
    mutating func appendScalar<T: FixedWidthInteger>(_ value: T)
    mutating func append<T: BitwiseCopyable>(_ array: [T])
    /// Zero bytes up to the next multiple of eight of the payload, then the array as ``append(_:)`` writes it,
    /// so that its elements can be used in place where the file is mapped (``BinaryReader/alignedArray()``).
    mutating func appendAligned<T: BitwiseCopyable>(_ array: ReadOnlyArray<T>)
}

extension BinaryWriter: PayloadWriter {}

/// The container of navbus's binary files beside the graph: an 8-byte magic, format version (UInt32),
/// reserved (UInt32), payload length (UInt64), payload checksum (UInt64, ``BlockChecksum``), then the payload
/// written as ``BinaryWriter`` lays it out (arrays as a UInt64 count and their raw little-endian elements).
///
/// Both directions are sized for maps of millions of nodes: a write streams the payload through one block
/// buffer, so preparing a map never holds a second copy of what it saves; a read maps the file instead of
/// copying it, checks the checksum on every core, and hands the sections to the caller to copy out once.
package enum ChecksummedFile {
    static let headerSize = 32

    /// Writes a payload under a header to `path` atomically (temporary file, then rename), streaming.
    /// - Parameter body: appends the payload's sections to the writer.
    /// - Throws: ``MapError`` (`ioFailure`).
    package static func write(
        magic: [UInt8], version: UInt32, kind: String, to path: String, _ body: (inout StreamingWriter) -> Void
    ) throws {
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw MapError(.ioFailure, path: path, "cannot create the \(kind) file") }
        var writer = StreamingWriter(descriptor: descriptor)
        // The header's place is kept; its length and checksum are known only at the end.
        var failed = ![UInt8](repeating: 0, count: headerSize).withUnsafeBytes { writer.writeAll($0) }
        if !failed {
            body(&writer)
            let (length, checksum) = writer.finish()
            var header = BinaryWriter()
            header.bytes.append(contentsOf: magic.prefix(8))
            header.appendScalar(version)
            header.appendScalar(UInt32(0))
            header.appendScalar(UInt64(length))
            header.appendScalar(checksum)
            failed =
                writer.failure != nil
                || header.bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } != headerSize
        }
        let reason = writer.failure.map { "errno \($0)" } ?? "errno \(errno)"
        close(descriptor)
        guard !failed else {
            unlink(temporary)
            throw MapError(.ioFailure, path: path, "cannot write the \(kind) file (\(reason))")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw MapError(.ioFailure, path: path, "cannot move the \(kind) file into place (errno \(errno))")
        }
    }

    /// Streams a payload to a file through one ``BlockChecksum/blockSize`` buffer, hashing each block as it
    /// leaves.
    package struct StreamingWriter: PayloadWriter {
        private let descriptor: Int32
        private var block = [UInt8](repeating: 0, count: BlockChecksum.blockSize)
        private var filled = 0
        private var digests: [UInt64] = []
        private var length = 0
        /// The errno of the first failed write; later sections are then dropped.
        private(set) var failure: Int32?

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        package mutating func appendScalar<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { appendBytes($0) }
        }

        package mutating func append<T: BitwiseCopyable>(_ array: [T]) {
            appendScalar(UInt64(array.count))
            array.withUnsafeBytes { appendBytes($0) }
        }

        package mutating func appendAligned<T: BitwiseCopyable>(_ array: ReadOnlyArray<T>) {
            let padding = (8 - (length + filled) % 8) % 8
            [UInt8](repeating: 0, count: padding).withUnsafeBytes { appendBytes($0) }
            appendScalar(UInt64(array.count))
            array.withUnsafeBufferPointer { appendBytes(UnsafeRawBufferPointer($0)) }
        }

        mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
            var offset = 0
            while offset < bytes.count {
                let count = min(bytes.count - offset, block.count - filled)
                let destination = filled
                block.withUnsafeMutableBytes { block in
                    UnsafeMutableRawBufferPointer(rebasing: block[destination..<(destination + count)]).copyMemory(
                        from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]))
                }
                filled += count
                offset += count
                if filled == block.count { flush() }
            }
        }

        private mutating func flush() {
            guard filled > 0 else { return }
            let count = filled
            filled = 0
            length += count
            guard failure == nil else { return }
            let (digest, written) = block.withUnsafeBytes { block in
                let used = UnsafeRawBufferPointer(rebasing: block[0..<count])
                return (BlockChecksum.digest(of: used), writeAll(used))
            }
            digests.append(digest)
            if !written { failure = errno }
        }

        /// Writes the last, partial block. - Returns: the payload's length and checksum.
        mutating func finish() -> (length: Int, checksum: UInt64) {
            flush()
            return (length, BlockChecksum.combine(digests, length: length))
        }

        /// Writes all of `bytes` at the current position, across short writes.
        func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Reads the file at `path`, checks its header and checksum and hands the payload to `body`, which copies
    /// out what it keeps (``BinaryReader/array()``) or keeps sections in place (``BinaryReader/alignedArray()``,
    /// which hold the mapping for as long as they live); otherwise the mapping is gone when this returns.
    /// - Throws: ``MapError``: `fileNotFound`, `truncated`, `corrupt` (magic or checksum), `versionMismatch`,
    ///   or what `body` throws.
    package static func read<T>(
        path: String, magic: [UInt8], version expectedVersion: UInt32, kind: String,
        _ body: (inout BinaryReader) throws -> T
    ) throws -> T {
        let region = try MappedRegion(path: path, kind: kind)
        return try withExtendedLifetime(region) {
            let bytes = region.bytes
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
            guard BlockChecksum.checksum(of: UnsafeRawBufferPointer(payload)) == expected else {
                throw MapError(.corrupt, path: path, "checksum mismatch; the file is damaged")
            }
            var reader = BinaryReader(bytes: payload, path: path, region: region)
            return try body(&reader)
        }
    }
}

/// A whole file mapped read-only for the duration of a closure: the bytes come from the page cache without
/// a copy into the process (after a restart the file is usually still cached, so loading costs no disk read).
package enum MappedFile {
    /// - Throws: ``MapError`` (`fileNotFound`) when the file cannot be opened or mapped, or what `body` throws.
    package static func withBytes<T>(
        path: String, kind: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T
    ) throws -> T {
        let region = try MappedRegion(path: path, kind: kind)
        return try withExtendedLifetime(region) { try body(region.bytes) }
    }
}
