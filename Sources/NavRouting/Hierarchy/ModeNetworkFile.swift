import NavCore
import NavMap

/// The `.navgraph.modes` sidecar: what a router works out from the graph alone and would otherwise work out again
/// at every start, saved by `navbus import` — each travel mode's ``ModeConnectivity`` (where trips can start and
/// end), which walks the whole network under the turn rules, about a second per mode at a million nodes, and the
/// geometry of the turn costs (``TurnCosts``: each arc's directions at its ends, which nodes are intersections or
/// signals; trigonometry for every arc, half a second there). Both are on the path to a navigator's first answer.
///
/// Versioned and checksummed like the graph file, and tied to the graph by ``identity(of:fingerprint:)``: the
/// parts of the graph the two read, ``ModeConnectivity/rulesVersion`` and ``TurnCosts/geometryVersion``. A file
/// for another graph or other rules, a damaged or a missing one is refused and the router works everything out as
/// it would without it, so the file can make a start faster but never change an answer.
public enum ModeNetworkFile {
    public static let magic = Array("NAVMODES".utf8)
    /// Version 2: the turn costs' geometry follows the connectivity.
    public static let formatVersion: UInt32 = 2

    /// What the file holds.
    struct Saved: Sendable {
        var connectivity: [TravelMode: ModeConnectivity] = [:]
        var turns: TurnCosts?
    }

    /// Where the saved travel modes for the graph file at `graphPath` live.
    public static func sidecarPath(forGraph graphPath: String) -> String { graphPath + ".modes" }

    /// Ties the saved contents to what they were worked out from: the graph's topology, its access and
    /// restrictions (``ContractionHierarchy/fingerprint(of:)``), its destination-only arcs and map edges, the
    /// node positions, segment lengths and flags, node ids and attributes the turn geometry reads, and the rules of
    /// both.
    static func identity(of graph: RoadGraph, fingerprint: UInt64) -> UInt64 {
        var writer = BinaryWriter()
        writer.appendScalar(fingerprint)
        writer.appendScalar(ModeConnectivity.rulesVersion)
        writer.appendScalar(TurnCosts.geometryVersion)
        writer.append(graph.arcRestrictedModes)
        writer.append(graph.mapEdges.nodes)
        writer.append(graph.mapEdges.exitModes)
        writer.append(graph.mapEdges.entryModes)
        writer.append(graph.latitudes)
        writer.append(graph.longitudes)
        writer.append(graph.segmentLengths)
        writer.append(graph.segmentFlags)
        writer.append(graph.nodeOSMIDs)
        writer.append(graph.nodeAttributes.nodes)
        writer.append(graph.nodeAttributes.bits)
        return RoadGraphFile.checksum(writer.bytes)
    }

    /// Writes the connectivity of each mode in `connectivity` and the turn costs' geometry (both worked out on
    /// `graph`) to `path` atomically.
    /// - Throws: ``MapError`` (`ioFailure`).
    static func write(_ connectivity: [ModeConnectivity], turns: TurnCosts, of graph: RoadGraph, to path: String) throws {
        let identity = identity(of: graph, fingerprint: ContractionHierarchy.fingerprint(of: graph))
        try ChecksummedFile.write(magic: magic, version: formatVersion, kind: "travel modes", to: path) { payload in
            payload.appendScalar(identity)
            payload.appendScalar(UInt32(connectivity.count))
            for modeConnectivity in connectivity {
                payload.appendScalar(modeConnectivity.mode.bit)
                payload.append(modeConnectivity.savedFlags)
            }
            payload.append(turns.departure)
            payload.append(turns.arrival)
            payload.append(turns.nodeBits)
        }
    }

    /// Reads the saved travel modes and checks that they belong to `graph`.
    /// - Parameter fingerprint: ``ContractionHierarchy/fingerprint(of:)`` of `graph`, when already known.
    /// - Throws: ``MapError``: `fileNotFound`, `truncated`, `corrupt` (bad magic, checksum or structure, or made
    ///   for another graph or other rules), `versionMismatch`.
    static func read(path: String, for graph: RoadGraph, fingerprint: UInt64? = nil) throws -> Saved {
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
            var saved = Saved()
            for _ in 0..<count {
                let bit: UInt8 = try reader.scalar()
                let flags: [UInt8] = try reader.array()
                guard let mode = TravelMode.allCases.first(where: { $0.bit == bit }), saved.connectivity[mode] == nil,
                    let connectivity = ModeConnectivity(mode: mode, savedFlags: flags, arcCount: graph.arcCount)
                else {
                    throw MapError(.corrupt, path: path, "travel mode \(bit) is unknown, repeated or does not fit the graph")
                }
                saved.connectivity[mode] = connectivity
            }
            guard
                let turns = TurnCosts(
                    departure: try reader.array(), arrival: try reader.array(), nodeBits: try reader.array(),
                    arcCount: graph.arcCount, nodeCount: graph.nodeCount)
            else {
                throw MapError(.corrupt, path: path, "the turn costs do not fit the graph")
            }
            saved.turns = turns
            return saved
        }
    }
}
