import Foundation

/// Loads a road graph from `.osm.pbf`, `.osm` or `.navgraph`, recognised by magic bytes first and by
/// file extension second.
public enum MapLoader {
    /// Loads the graph in the file at `path`.
    /// - Parameters:
    ///   - path: a `.navgraph`, `.osm.pbf` or `.osm` file.
    ///   - progress: import progress (OSM files only).
    /// - Throws: ``MapError`` naming the file and the problem.
    public static func load(path: String, progress: ((MapImportProgress) -> Void)? = nil) throws -> RoadGraph {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw MapError(.fileNotFound, path: path, "no such file or not readable")
        }
        let head = (try? handle.read(upToCount: 8)) ?? Data()
        try? handle.close()
        if RoadGraphFile.hasMagic(head) || path.hasSuffix(".navgraph") {
            return try RoadGraphFile.read(path: path)
        }
        return try importOSM(path: path, progress: progress)
    }

    /// Reads an OSM file and builds its graph.
    /// - Throws: ``MapError`` for missing, truncated or corrupt input, or input without roads.
    public static func importOSM(path: String, progress: ((MapImportProgress) -> Void)? = nil) throws -> RoadGraph {
        let isPBF = path.hasSuffix(".pbf")
        if let handle = FileHandle(forReadingAtPath: path) {
            let head = (try? handle.read(upToCount: 64)) ?? Data()
            try? handle.close()
            if head.isEmpty { throw MapError(.truncated, path: path, "the file is empty") }
            if !isPBF, !head.contains(UInt8(ascii: "<")) {
                throw MapError(.corrupt, path: path, "does not look like OSM XML")
            }
        }
        let data = try OSMFileReader.read(path: path, progress: progress)
        if data.ways.isEmpty && data.nodes.isEmpty {
            throw MapError(.corrupt, path: path, "contains no OSM nodes or ways (truncated or not an OSM file)")
        }
        return try RoadGraphBuilder.build(data, source: path, progress: progress)
    }
}
