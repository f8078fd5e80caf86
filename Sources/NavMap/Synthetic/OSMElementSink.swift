import Foundation

/// Receives generated OSM elements one at a time: all nodes first, then the ways.
public protocol OSMElementSink {
    mutating func node(id: Int64, latitude: Double, longitude: Double, tags: [String: String])
    mutating func way(id: Int64, nodeIDs: [Int64], tags: [String: String])
}

/// Collects generated elements into ``OSMData`` (small networks, tests).
public struct OSMDataCollector: OSMElementSink {
    public private(set) var data = OSMData()

    public init() {}

    public mutating func node(id: Int64, latitude: Double, longitude: Double, tags: [String: String]) {
        data.nodes[id] = OSMData.Node(
            latitude: latitude, longitude: longitude, isTollBooth: tags["barrier"] == "toll_booth")
    }

    public mutating func way(id: Int64, nodeIDs: [Int64], tags: [String: String]) {
        data.ways.append(OSMData.Way(id: id, nodeIDs: nodeIDs, tags: tags))
    }
}

/// Writes generated elements as OSM XML 0.6 straight to a file through a 1 MiB buffer, so the size of
/// the network is bounded by the disk, not by memory.
public struct OSMXMLStreamWriter: OSMElementSink {
    private let handle: FileHandle
    private let path: String
    private var buffer: [UInt8] = []
    private var failure: (any Error)?

    /// - Throws: ``MapError`` (`ioFailure`) when the file cannot be created.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path)
        else {
            throw MapError(.ioFailure, path: path, "cannot create the OSM file")
        }
        self.handle = handle
        self.path = path
        buffer.reserveCapacity(1 << 20)
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"navbus\">\n")
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    private mutating func flush() {
        guard failure == nil else { return buffer.removeAll(keepingCapacity: true) }
        do { try handle.write(contentsOf: buffer) } catch { failure = error }
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func appendTags(_ tags: [String: String]) {
        for key in tags.keys.sorted() {
            append("    <tag k=\"\(OSMXMLWriter.escape(key))\" v=\"\(OSMXMLWriter.escape(tags[key] ?? ""))\"/>\n")
        }
    }

    public mutating func node(id: Int64, latitude: Double, longitude: Double, tags: [String: String]) {
        append("  <node id=\"\(id)\" lat=\"\(latitude)\" lon=\"\(longitude)\" version=\"1\"")
        if tags.isEmpty {
            append("/>\n")
        } else {
            append(">\n")
            appendTags(tags)
            append("  </node>\n")
        }
    }

    public mutating func way(id: Int64, nodeIDs: [Int64], tags: [String: String]) {
        append("  <way id=\"\(id)\" version=\"1\">\n")
        for ref in nodeIDs { append("    <nd ref=\"\(ref)\"/>\n") }
        appendTags(tags)
        append("  </way>\n")
    }

    /// Ends the document and closes the file.
    /// - Throws: ``MapError`` (`ioFailure`) when a write failed.
    public mutating func finish() throws {
        append("</osm>\n")
        flush()
        try? handle.close()
        if let failure {
            throw MapError(.ioFailure, path: path, "cannot write the OSM file: \(failure.localizedDescription)")
        }
    }
}
