public import NavCore
public import NavMap

/// The `.navgraph.modes` sidecar: what a router works out per travel mode from the graph alone and would
/// otherwise work out again at every start, saved by `navbus import` — today each mode's ``ModeConnectivity``
/// (where trips can start and end), which walks the whole network under the turn rules, about a second per mode
/// at a million nodes, on the path to a navigator's first answer.
///
/// Versioned and checksummed like the graph file, and tied to the graph by ``identity(of:)``: the parts of the
/// graph the walks read, and ``ModeConnectivity/rulesVersion``. A file for another graph or other rules, a
/// damaged or a missing one is refused and the router works the connectivity out as it would without it, so
/// the file can make a start faster but never change an answer.
public enum ModeNetworkFile {
    public static let magic = Array("NAVMODES".utf8)
    public static let formatVersion: UInt32 = 1

    /// Where the saved travel modes for the graph file at `graphPath` live.
    public static func sidecarPath(forGraph graphPath: String) -> String { graphPath + ".modes" }

    /// Ties saved connectivity to what it was worked out from: the graph's topology, its access and
    /// restrictions (``ContractionHierarchy/fingerprint(of:)``), its destination-only arcs and map edges, and the
    /// rules of the walks.
    static func identity(of graph: RoadGraph, fingerprint: UInt64) -> UInt64 {
        var writer = BinaryWriter()
        writer.appendScalar(fingerprint)
        writer.appendScalar(ModeConnectivity.rulesVersion)
        writer.append(graph.arcRestrictedModes)
        writer.append(graph.mapEdges.nodes)
        writer.append(graph.mapEdges.exitModes)
        writer.append(graph.mapEdges.entryModes)
        return RoadGraphFile.checksum(writer.bytes)
    }

    /// Writes the connectivity of each mode in `connectivity` (worked out on `graph`) to `path` atomically.
    /// - Throws: ``MapError`` (`ioFailure`).
    public static func write(_ connectivity: [ModeConnectivity], of graph: RoadGraph, to path: String) throws {
        let identity = identity(of: graph, fingerprint: ContractionHierarchy.fingerprint(of: graph))
        try ChecksummedFile.write(magic: magic, version: formatVersion, kind: "travel modes", to: path) { payload in
            payload.appendScalar(identity)
            payload.appendScalar(UInt32(connectivity.count))
            for modeConnectivity in connectivity {
                payload.appendScalar(modeConnectivity.mode.bit)
                payload.append(modeConnectivity.savedFlags)
            }
        }
    }

    /// Reads the saved travel modes and checks that they belong to `graph`.
    /// - Parameter fingerprint: ``ContractionHierarchy/fingerprint(of:)`` of `graph`, when already known.
    /// - Returns: each saved mode's connectivity.
    /// - Throws: ``MapError``: `fileNotFound`, `truncated`, `corrupt` (bad magic, checksum or structure, or made
    ///   for another graph or other rules), `versionMismatch`.
    public static func read(path: String, for graph: RoadGraph, fingerprint: UInt64? = nil) throws
        -> [TravelMode: ModeConnectivity]
    {
        let expected = identity(of: graph, fingerprint: fingerprint ?? ContractionHierarchy.fingerprint(of: graph))
        return try ChecksummedFile.read(path: path, magic: magic, version: formatVersion, kind: "travel modes") {
            reader in
            let identity: UInt64 = try reader.scalar()
            guard identity == expected else {
                throw MapError(
                    .corrupt, path: path, "the travel modes were saved for another graph or rules; prepare the map again")
            }
            let count: UInt32 = try reader.scalar()
            guard count <= TravelMode.allCases.count else {
                throw MapError(.corrupt, path: path, "\(count) travel modes saved, there are \(TravelMode.allCases.count)")
            }
            var connectivity: [TravelMode: ModeConnectivity] = [:]
            for _ in 0..<count {
                let bit: UInt8 = try reader.scalar()
                let flags: [UInt8] = try reader.array()
                guard let mode = TravelMode.allCases.first(where: { $0.bit == bit }), connectivity[mode] == nil,
                    let saved = ModeConnectivity(mode: mode, savedFlags: flags, arcCount: graph.arcCount)
                else {
                    throw MapError(.corrupt, path: path, "travel mode \(bit) is unknown, repeated or does not fit the graph")
                }
                connectivity[mode] = saved
            }
            return connectivity
        }
    }
}
