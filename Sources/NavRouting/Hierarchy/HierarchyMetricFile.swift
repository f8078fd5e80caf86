public import NavCore
import NavMap

/// A customized metric saved beside the hierarchy (`MAP.navgraph.cch.metric`): the weights of the default
/// travel mode without avoid flags or traffic, so that a navigator answers its first request without
/// customizing (tens of seconds at a million nodes). Versioned and checksummed like the graph file, and
/// tied to its hierarchy by ``HierarchyMetricFile/identity(of:)`` (the graph's fingerprint and the order):
/// a metric for another map, another hierarchy or another travel mode is refused, and the router customizes
/// as it would without the file. Requests with traffic or avoid flags are customized on demand as before.
public enum HierarchyMetricFile {
    public static let magic = Array("NAVCCHM\u{0}".utf8)
    /// Raised whenever the costs a metric holds change meaning (turn costs, access rules), so that files
    /// written by another build are customized again instead of trusted.
    /// Version 2: the container's block checksum (``BlockChecksum``); version 3: the pruned query graph
    /// (``PrunedQueryGraph``) follows the four arrays, so a navigator does not redo the perfect customization;
    /// version 4: the costs include turn costs (``TurnCosts``); version 5: with the pruned query graph the two
    /// weight arrays are left out (the query reads only the graph; a third less to read at every start);
    /// version 6: every array starts at a multiple of eight bytes, so that a navigator uses the metric in place
    /// in the mapped file instead of copying it (``ReadOnlyArray``).
    public static let formatVersion: UInt32 = 6

    /// Where the saved metric for the graph file at `graphPath` lives.
    public static func sidecarPath(forGraph graphPath: String) -> String { graphPath + ".cch.metric" }

    /// The saved metric: which mode it is for and its weights.
    public struct Saved: Sendable {
        public let travelMode: TravelMode
        let identity: UInt64
        let metric: HierarchyMetric
    }

    /// Ties a metric to one hierarchy: the order determines the contracted topology, so the graph's
    /// fingerprint and a checksum of the order identify the edges the weights belong to.
    static func identity(of hierarchy: ContractionHierarchy) -> UInt64 {
        var writer = BinaryWriter()
        writer.appendScalar(hierarchy.graphFingerprint)
        writer.appendScalar(UInt64(hierarchy.edgeCount))
        writer.append(hierarchy.arcOfRank)
        return RoadGraphFile.checksum(writer.bytes)
    }

    /// Writes `saved` to `path` atomically, streaming (no copy of the weights is made).
    /// - Throws: ``MapError`` (`ioFailure`).
    public static func write(_ saved: Saved, to path: String) throws {
        try ChecksummedFile.write(magic: magic, version: formatVersion, kind: "hierarchy metric", to: path) {
            payload in
            payload.appendScalar(saved.identity)
            payload.appendScalar(saved.travelMode.bit)
            payload.appendAligned(saved.metric.upMiddle)
            payload.appendAligned(saved.metric.downMiddle)
            // A metric whose query graph is still being made is saved without it (flag 0) and with its weights,
            // from which the graph is made again after loading.
            if let query = saved.metric.queryGraph {
                payload.appendScalar(UInt8(1))
                query.append(to: &payload)
            } else {
                payload.appendScalar(UInt8(0))
                payload.appendAligned(saved.metric.up)
                payload.appendAligned(saved.metric.down)
            }
        }
    }

    /// Reads a saved metric and checks that it belongs to `hierarchy`.
    /// - Throws: ``MapError``: `fileNotFound`, `truncated`, `corrupt` (bad magic, checksum or structure, or
    ///   made for another hierarchy), `versionMismatch`.
    public static func read(path: String, for hierarchy: ContractionHierarchy) throws -> Saved {
        try read(path: path).checked(for: hierarchy)
    }

    /// A metric file's contents, checked against the file's checksum but not yet against a hierarchy: read while
    /// the hierarchy itself is still being read (``read(path:)``), then ``checked(for:)``. Nothing in it is used
    /// before that.
    struct Unchecked: Sendable {
        let path: String
        let identity: UInt64
        let travelMode: TravelMode
        let upMiddle: ReadOnlyArray<UInt32>
        let downMiddle: ReadOnlyArray<UInt32>
        let queryGraph: PrunedQueryGraph?
        let up: ReadOnlyArray<UInt32>
        let down: ReadOnlyArray<UInt32>

        /// The saved metric, when it belongs to `hierarchy` and every index in it stays within it.
        /// - Throws: ``MapError`` (`corrupt`).
        func checked(for hierarchy: ContractionHierarchy) throws -> Saved {
            guard identity == HierarchyMetricFile.identity(of: hierarchy) else {
                throw MapError(.corrupt, path: path, "the metric was made for another hierarchy; prepare the map again")
            }
            if let queryGraph, !queryGraph.fits(hierarchy) {
                throw MapError(.corrupt, path: path, "the metric's query graph does not fit the hierarchy")
            }
            let edges = hierarchy.edgeCount
            let weights = queryGraph == nil ? edges : 0
            let vertices = UInt32(hierarchy.vertexCount)
            // Unpacking looks middles up as ranks; anything else would send it out of bounds. Without its query
            // graph the query and the graph made after loading read every edge's weights.
            guard up.count == weights, down.count == weights, upMiddle.count == edges, downMiddle.count == edges,
                [upMiddle, downMiddle].allSatisfy({ middles in
                    middles.withUnsafeBufferPointer { $0.allSatisfy { $0 == HierarchyMetric.noMiddle || $0 < vertices } }
                })
            else {
                throw MapError(.corrupt, path: path, "the metric's arrays do not fit the hierarchy")
            }
            return Saved(
                travelMode: travelMode, identity: identity,
                metric: HierarchyMetric(
                    up: up, down: down, upMiddle: upMiddle, downMiddle: downMiddle, hierarchy: hierarchy,
                    queryGraph: queryGraph))
        }
    }

    /// Reads a saved metric without a hierarchy to check it against yet.
    /// - Throws: ``MapError``: `fileNotFound`, `truncated`, `corrupt` (bad magic, checksum or structure),
    ///   `versionMismatch`.
    static func read(path: String) throws -> Unchecked {
        try ChecksummedFile.read(path: path, magic: magic, version: formatVersion, kind: "hierarchy metric") {
            reader in
            let identity: UInt64 = try reader.scalar()
            let modeBit: UInt8 = try reader.scalar()
            guard let mode = TravelMode.allCases.first(where: { $0.bit == modeBit }) else {
                throw MapError(.corrupt, path: path, "unknown travel mode \(modeBit)")
            }
            let upMiddle: ReadOnlyArray<UInt32> = try reader.alignedArray()
            let downMiddle: ReadOnlyArray<UInt32> = try reader.alignedArray()
            let hasQuery: UInt8 = try reader.scalar()
            guard hasQuery <= 1 else { throw MapError(.corrupt, path: path, "bad query graph flag \(hasQuery)") }
            let query = hasQuery == 1 ? try PrunedQueryGraph(reading: &reader) : nil
            return Unchecked(
                path: path, identity: identity, travelMode: mode, upMiddle: upMiddle, downMiddle: downMiddle,
                queryGraph: query, up: query == nil ? try reader.alignedArray() : ReadOnlyArray([]),
                down: query == nil ? try reader.alignedArray() : ReadOnlyArray([]))
        }
    }
}
