import NavCore
public import NavMap

/// The `.navgraph.cch` sidecar: a ``ContractionHierarchy`` saved beside the graph it was built for, so
/// that a navigator starts without ordering and contracting again. Versioned and checksummed like the
/// graph file, and tied to its graph by ``ContractionHierarchy/graphFingerprint``: a hierarchy for another
/// graph (the map was re-imported) is refused.
public enum HierarchyFile {
    public static let magic = Array("NAVCCH\u{0}\u{0}".utf8)
    /// Version 2: the container's block checksum (``BlockChecksum``) replaced the serial one, so that a
    /// navigator checks the file on every core.
    public static let formatVersion: UInt32 = 2

    /// Where the hierarchy for the graph file at `graphPath` lives.
    public static func sidecarPath(forGraph graphPath: String) -> String { graphPath + ".cch" }

    /// Writes `hierarchy` to `path` atomically, streaming (no copy of the arrays is made).
    /// - Throws: ``MapError`` (`ioFailure`).
    public static func write(_ hierarchy: ContractionHierarchy, to path: String) throws {
        try ChecksummedFile.write(magic: magic, version: formatVersion, kind: "hierarchy", to: path) { payload in
            payload.appendScalar(hierarchy.graphFingerprint)
            payload.append(hierarchy.arcOfRank)
            payload.append(hierarchy.upperOffsets)
            payload.append(hierarchy.upperTargets)
            payload.append(hierarchy.turnOffsets)
            payload.append(hierarchy.turnArcs)
            payload.append(hierarchy.turnSlots)
        }
    }

    /// Reads a hierarchy file and checks that it is well formed.
    /// - Parameter graph: when given, the hierarchy must have been built for it.
    /// - Throws: ``MapError``: `fileNotFound`, `truncated`, `corrupt` (bad magic, checksum or structure, or
    ///   made for another graph), `versionMismatch`.
    public static func read(path: String, for graph: RoadGraph? = nil) throws -> ContractionHierarchy {
        let hierarchy = try ChecksummedFile.read(path: path, magic: magic, version: formatVersion, kind: "hierarchy") {
            reader in
            let fingerprint: UInt64 = try reader.scalar()
            let arcOfRank: [UInt32] = try reader.array()
            let upperOffsets: [UInt32] = try reader.array()
            let upperTargets: [UInt32] = try reader.array()
            let turnOffsets: [UInt32] = try reader.array()
            let turnArcs: [UInt32] = try reader.array()
            let turnSlots: [UInt32] = try reader.array()
            guard
                wellFormed(
                    arcOfRank: arcOfRank, upperOffsets: upperOffsets, upperTargets: upperTargets,
                    turnOffsets: turnOffsets, turnArcs: turnArcs, turnSlots: turnSlots)
            else {
                throw MapError(.corrupt, path: path, "the hierarchy's arrays do not fit together")
            }
            return ContractionHierarchy(
                arcOfRank: arcOfRank, upperOffsets: upperOffsets, upperTargets: upperTargets, turnOffsets: turnOffsets,
                turnArcs: turnArcs, turnSlots: turnSlots, graphFingerprint: fingerprint)
        }
        if let graph, hierarchy.graphFingerprint != ContractionHierarchy.fingerprint(of: graph) {
            throw MapError(.corrupt, path: path, "the hierarchy was made for another graph; prepare the map again")
        }
        return hierarchy
    }

    /// Every index the search follows stays in bounds: the order is a permutation, upper neighbours are
    /// higher ranks in ascending order, turns and their slots point at existing arcs and edges.
    static func wellFormed(
        arcOfRank: [UInt32], upperOffsets: [UInt32], upperTargets: [UInt32], turnOffsets: [UInt32],
        turnArcs: [UInt32], turnSlots: [UInt32]
    ) -> Bool {
        let n = arcOfRank.count
        guard upperOffsets.count == n + 1, turnOffsets.count == n + 1, turnSlots.count == turnArcs.count,
            upperOffsets.first == 0, turnOffsets.first == 0, Int(upperOffsets[n]) == upperTargets.count,
            Int(turnOffsets[n]) == turnArcs.count
        else { return false }
        var seen = [Bool](repeating: false, count: n)
        for arc in arcOfRank {
            guard Int(arc) < n, !seen[Int(arc)] else { return false }
            seen[Int(arc)] = true
        }
        for r in 0..<n {
            guard upperOffsets[r] <= upperOffsets[r + 1], turnOffsets[r] <= turnOffsets[r + 1] else { return false }
            var previous = UInt32(r)
            for k in Int(upperOffsets[r])..<Int(upperOffsets[r + 1]) {
                guard upperTargets[k] > previous, Int(upperTargets[k]) < n else { return false }
                previous = upperTargets[k]
            }
        }
        let edges = UInt32(upperTargets.count)
        return turnArcs.allSatisfy { Int($0) < n } && turnSlots.allSatisfy { $0 == UInt32.max || $0 >> 1 < edges }
    }
}
