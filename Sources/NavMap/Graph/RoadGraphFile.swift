import Foundation

/// The `.navgraph` file: a versioned, checksummed dump of a ``RoadGraph`` that loads in milliseconds.
///
/// Layout: magic `NAVGRAPH`, format version (UInt32), reserved (UInt32), payload length (UInt64),
/// payload checksum (UInt64), then the payload: each array as a UInt64 element count followed by its raw
/// little-endian elements, strings as a UInt32 byte count followed by UTF-8 bytes.
public enum RoadGraphFile {
    public static let magic = Array("NAVGRAPH".utf8)
    /// Version 2 added the per-arc destination-only modes after the arc modes; version 3 appended the node
    /// attributes (traffic lights, stop signs) after the turn restrictions; version 4 appended the map's edge
    /// (border nodes with their exit and entry modes) and counts streets behind destination-only roads as
    /// destination-only (``DestinationOnlyZones``); version 5 appended the turn restrictions that hold only at
    /// some times (``TimedTurnRestrictions``), which earlier versions kept at all times. Version 6 keeps the
    /// layout but changes what the import writes into it: a zone behind destination-only roads is judged by the
    /// roads within the map only, and an `only_` restriction binds only the modes that may use its `to` way, so a
    /// file of version 5 would keep car parks at the map's edge and streets behind such a sign unreachable. Older
    /// files are refused with `versionMismatch`, and the navigator then imports the map again. Version 7 keeps the
    /// layout too: a ferry takes who may board from its `route=ferry` relation where the way says nothing
    /// (``OSMData/applyFerryRouteAccess()``), so a file of version 6 would still carry cars on passenger boats.
    public static let formatVersion: UInt32 = 7
    static let headerSize = 32

    /// Writes `graph` to `path` atomically: into a temporary file beside it, then renamed over it, so a
    /// failure never leaves a half-written graph behind.
    /// - Throws: ``MapError`` (`ioFailure`) when the file cannot be written.
    public static func write(_ graph: RoadGraph, to path: String) throws {
        var payload = BinaryWriter()
        payload.append(graph.latitudes)
        payload.append(graph.longitudes)
        payload.append(graph.nodeOSMIDs)
        payload.append(graph.segmentEnds)
        payload.append(graph.segmentLengths)
        payload.append(graph.segmentWays)
        payload.append(graph.segmentFlags)
        payload.append(graph.segmentBicycleSpeeds)
        payload.append(graph.segmentFootSpeeds)
        payload.append(graph.arcModes)
        payload.append(graph.arcRestrictedModes)
        payload.append(graph.arcMotorSpeeds)
        payload.append(graph.arcSpeedLimits)
        payload.append(graph.wayOSMIDs)
        payload.append(graph.wayNames)
        payload.append(graph.wayRefs)
        payload.append(graph.wayClasses)
        payload.append(graph.waySegmentOffsets)
        payload.append(graph.restrictions.map(\.fromArc))
        payload.append(graph.restrictions.map(\.toArc))
        payload.append(graph.restrictions.map(\.modes))
        payload.append(graph.nodeAttributes.nodes)
        payload.append(graph.nodeAttributes.bits)
        payload.append(graph.mapEdges.nodes)
        payload.append(graph.mapEdges.exitModes)
        payload.append(graph.mapEdges.entryModes)
        let timed = graph.timedRestrictions.columns
        payload.append(timed.from)
        payload.append(timed.to)
        payload.append(timed.modes)
        payload.append(timed.spanOffsets)
        payload.append(timed.days)
        payload.append(timed.starts)
        payload.append(timed.ends)

        var header = BinaryWriter()
        header.bytes.append(contentsOf: magic)
        header.appendScalar(formatVersion)
        header.appendScalar(UInt32(0))
        header.appendScalar(UInt64(payload.bytes.count))
        header.appendScalar(checksum(payload.bytes))

        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            // Header and payload written one after the other: at ten million nodes the payload is a gigabyte,
            // and joining the two would copy it once more.
            guard FileManager.default.createFile(atPath: temporary, contents: nil),
                let handle = FileHandle(forWritingAtPath: temporary)
            else { throw MapError(.ioFailure, path: path, "cannot create the graph file") }
            defer { try? handle.close() }
            try handle.write(contentsOf: header.bytes)
            try handle.write(contentsOf: payload.bytes)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw MapError(.ioFailure, path: path, "cannot write the graph file: \(error.localizedDescription)")
        }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw MapError(.ioFailure, path: path, "cannot move the graph file into place (errno \(errno))")
        }
    }

    /// Whether `bytes` start like a graph file.
    public static func hasMagic(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count >= magic.count && Array(bytes.prefix(magic.count)) == magic
    }

    /// Reads a graph file.
    /// - Throws: ``MapError``: `truncated` when the file is shorter than its header says, `corrupt` on a bad
    ///   magic or checksum, `versionMismatch` for another format version.
    public static func read(path: String) throws -> RoadGraph {
        try MappedFile.withBytes(path: path, kind: "graph") { bytes in
            guard bytes.count >= headerSize else {
                throw MapError(.truncated, path: path, "shorter than the \(headerSize)-byte graph header")
            }
            guard hasMagic(bytes) else { throw MapError(.corrupt, path: path, "not a .navgraph file (bad magic)") }
            var header = BinaryReader(bytes: UnsafeBufferPointer(rebasing: bytes[8..<headerSize]), path: path)
            let version: UInt32 = try header.scalar()
            _ = try header.scalar() as UInt32
            let length: UInt64 = try header.scalar()
            let expected: UInt64 = try header.scalar()
            guard version == formatVersion else {
                throw MapError(
                    .versionMismatch, path: path,
                    "graph format version \(version), this build reads version \(formatVersion); re-import the map")
            }
            guard UInt64(bytes.count - headerSize) >= length else {
                throw MapError(
                    .truncated, path: path,
                    "payload is \(bytes.count - headerSize) bytes, header announces \(length); the file is truncated")
            }
            let payload = UnsafeBufferPointer(rebasing: bytes[headerSize..<(headerSize + Int(length))])
            guard checksum(payload) == expected else {
                throw MapError(.corrupt, path: path, "checksum mismatch; the file is damaged")
            }
            var reader = BinaryReader(bytes: payload, path: path)
            let latitudes: [Double] = try reader.array()
            let longitudes: [Double] = try reader.array()
            let nodeOSMIDs: [Int64] = try reader.array()
            let segmentEnds: [UInt32] = try reader.array()
            let segmentLengths: [Float] = try reader.array()
            let segmentWays: [UInt32] = try reader.array()
            let segmentFlags: [UInt8] = try reader.array()
            let bicycle: [Float] = try reader.array()
            let foot: [Float] = try reader.array()
            let arcModes: [UInt8] = try reader.array()
            let arcRestrictedModes: [UInt8] = try reader.array()
            let motor: [Float] = try reader.array()
            let limits: [Float] = try reader.array()
            let wayOSMIDs: [Int64] = try reader.array()
            let wayNames = try reader.strings()
            let wayRefs = try reader.strings()
            let wayClasses: [UInt8] = try reader.array()
            let waySegmentOffsets: [UInt32] = try reader.array()
            let fromArcs: [UInt32] = try reader.array()
            let toArcs: [UInt32] = try reader.array()
            let modes: [UInt8] = try reader.array()
            let attributeNodes: [UInt32] = try reader.array()
            let attributeBits: [UInt8] = try reader.array()
            let edgeNodes: [UInt32] = try reader.array()
            let edgeExits: [UInt8] = try reader.array()
            let edgeEntries: [UInt8] = try reader.array()
            let timedFrom: [UInt32] = try reader.array()
            let timedTo: [UInt32] = try reader.array()
            let timedModes: [UInt8] = try reader.array()
            let timedOffsets: [UInt32] = try reader.array()
            let timedDays: [UInt8] = try reader.array()
            let timedStarts: [UInt16] = try reader.array()
            let timedEnds: [UInt16] = try reader.array()
            let nodeCount = latitudes.count
            let segmentCount = segmentLengths.count
            let consistent =
                longitudes.count == nodeCount && nodeOSMIDs.count == nodeCount && segmentEnds.count == 2 * segmentCount
                && segmentWays.count == segmentCount && segmentFlags.count == segmentCount
                && bicycle.count == segmentCount && foot.count == segmentCount && arcModes.count == 2 * segmentCount
                && arcRestrictedModes.count == 2 * segmentCount
                && motor.count == 2 * segmentCount && limits.count == 2 * segmentCount
                && wayNames.count == wayOSMIDs.count && wayRefs.count == wayOSMIDs.count
                && wayClasses.count == wayOSMIDs.count && waySegmentOffsets.count == wayOSMIDs.count + 1
                && fromArcs.count == toArcs.count && modes.count == toArcs.count
                && segmentEnds.allSatisfy { Int($0) < nodeCount }
                && segmentWays.allSatisfy { Int($0) < wayOSMIDs.count }
                && waySegmentOffsets.allSatisfy { Int($0) <= segmentCount }
                && fromArcs.allSatisfy { Int($0) < arcModes.count } && toArcs.allSatisfy { Int($0) < arcModes.count }
            guard consistent,
                let nodeAttributes = NodeAttributeTable(nodes: attributeNodes, bits: attributeBits, nodeCount: nodeCount),
                let mapEdges = MapEdgeTable(
                    nodes: edgeNodes, exitModes: edgeExits, entryModes: edgeEntries, nodeCount: nodeCount),
                let timedRestrictions = TimedTurnRestrictions(
                    from: timedFrom, to: timedTo, modes: timedModes, spanOffsets: timedOffsets, days: timedDays,
                    starts: timedStarts, ends: timedEnds, arcCount: arcModes.count)
            else { throw MapError(.corrupt, path: path, "array sizes do not agree") }
            let restrictions = (0..<fromArcs.count).map {
                RoadGraph.TurnRestriction(fromArc: fromArcs[$0], toArc: toArcs[$0], modes: modes[$0])
            }
            var graph = RoadGraph(
                latitudes: latitudes, longitudes: longitudes, nodeOSMIDs: nodeOSMIDs, segmentEnds: segmentEnds,
                segmentLengths: segmentLengths, segmentWays: segmentWays, segmentFlags: segmentFlags,
                segmentBicycleSpeeds: bicycle, segmentFootSpeeds: foot, arcModes: arcModes,
                arcRestrictedModes: arcRestrictedModes, arcMotorSpeeds: motor,
                arcSpeedLimits: limits, wayOSMIDs: wayOSMIDs, wayNames: wayNames, wayRefs: wayRefs,
                wayClasses: wayClasses, waySegmentOffsets: waySegmentOffsets, restrictions: restrictions)
            graph.nodeAttributes = nodeAttributes
            graph.mapEdges = mapEdges
            graph.timedRestrictions = timedRestrictions
            return graph
        }
    }

    /// A fast 64-bit checksum over 8-byte words (FNV-style multiply-xor with a final avalanche).
    package static func checksum(_ bytes: some Collection<UInt8>) -> UInt64 {
        // Contiguous bytes (arrays, a mapped file) are hashed where they are; a copy only for other collections.
        if let hash = bytes.withContiguousStorageIfAvailable({ checksum(raw: UnsafeRawBufferPointer($0)) }) {
            return hash
        }
        return Array(bytes).withUnsafeBytes { checksum(raw: $0) }
    }

    private static func checksum(raw: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let words = raw.count / 8
        for i in 0..<words {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
        }
        for i in (words * 8)..<raw.count {
            hash = (hash ^ UInt64(raw[i])) &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        return hash
    }
}

package struct BinaryWriter {
    package var bytes: [UInt8] = []

    package init() {}

    package mutating func appendScalar<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func append<T: BitwiseCopyable>(_ array: [T]) {
        appendScalar(UInt64(array.count))
        array.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    package mutating func appendAligned<T: BitwiseCopyable>(_ array: ReadOnlyArray<T>) {
        bytes.append(contentsOf: repeatElement(0, count: (8 - bytes.count % 8) % 8))
        appendScalar(UInt64(array.count))
        array.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeRawBufferPointer($0)) }
    }

    package mutating func append(_ strings: [String]) {
        appendScalar(UInt64(strings.count))
        for string in strings {
            let utf8 = Array(string.utf8)
            appendScalar(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }
}

package struct BinaryReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    /// The mapped file `bytes` lie in, when sections may be used in place (``alignedArray()``).
    let region: MappedRegion?
    var offset = 0

    package init(bytes: UnsafeBufferPointer<UInt8>, path: String, region: MappedRegion? = nil) {
        self.bytes = bytes
        self.path = path
        self.region = region
    }

    private func ensure(_ count: Int) throws {
        guard count >= 0, offset + count <= bytes.count else {
            throw MapError(.corrupt, path: path, "a section runs past the end of the payload at byte \(offset)")
        }
    }

    package mutating func scalar<T: FixedWidthInteger>() throws -> T {
        try ensure(MemoryLayout<T>.size)
        let value = UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += MemoryLayout<T>.size
        return T(littleEndian: value)
    }

    package mutating func array<T: BitwiseCopyable>() throws -> [T] {
        let count: UInt64 = try scalar()
        guard count < UInt64(Int.max / 16) else { throw MapError(.corrupt, path: path, "impossible array length") }
        let size = Int(count) * MemoryLayout<T>.stride
        try ensure(size)
        let result = [T](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[offset..<(offset + size)]))
            initialized = Int(count)
        }
        offset += size
        return result
    }

    /// What ``PayloadWriter/appendAligned(_:)`` wrote: in place in the mapped file when there is one and the
    /// elements are aligned there, copied otherwise.
    package mutating func alignedArray<T: BitwiseCopyable & Sendable>() throws -> ReadOnlyArray<T> {
        let padding = (8 - offset % 8) % 8
        try ensure(padding)
        guard UnsafeBufferPointer(rebasing: bytes[offset..<(offset + padding)]).allSatisfy({ $0 == 0 }) else {
            throw MapError(.corrupt, path: path, "bad padding before the section at byte \(offset)")
        }
        offset += padding
        let start = offset
        let count: UInt64 = try scalar()
        guard count < UInt64(Int.max / 16) else { throw MapError(.corrupt, path: path, "impossible array length") }
        try ensure(Int(count) * MemoryLayout<T>.stride)
        if let region, let base = region.bytes.baseAddress, let payload = bytes.baseAddress,
            let view = ReadOnlyArray<T>(region: region, offset: payload - base + offset, count: Int(count))
        {
            offset += Int(count) * MemoryLayout<T>.stride
            return view
        }
        offset = start
        return ReadOnlyArray(try array())
    }

    package mutating func strings() throws -> [String] {
        let count: UInt64 = try scalar()
        guard count < UInt64(bytes.count) else { throw MapError(.corrupt, path: path, "impossible string count") }
        var result: [String] = []
        result.reserveCapacity(Int(count))
        for _ in 0..<count {
            let length: UInt32 = try scalar()
            try ensure(Int(length))
            result.append(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + Int(length))]), as: UTF8.self))
            offset += Int(length)
        }
        return result
    }
}
