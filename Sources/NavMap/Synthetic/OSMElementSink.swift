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
            latitude: latitude, longitude: longitude, isTollBooth: tags["barrier"] == "toll_booth",
            attributes: NodeAttributes(highwayTag: tags["highway"]))
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

    /// - Parameter bounds: written as the document's `<bounds>` element, so that tools learn the area
    ///   without reading the whole file (``boundsElement(in:)``).
    /// - Throws: ``MapError`` (`ioFailure`) when the file cannot be created.
    public init(path: String, bounds: BoundingBox? = nil) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path)
        else {
            throw MapError(.ioFailure, path: path, "cannot create the OSM file")
        }
        self.handle = handle
        self.path = path
        buffer.reserveCapacity(1 << 20)
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"navbus\">\n")
        if let bounds {
            append(
                "  <bounds minlat=\"\(bounds.minLatitude)\" minlon=\"\(bounds.minLongitude)\" "
                    + "maxlat=\"\(bounds.maxLatitude)\" maxlon=\"\(bounds.maxLongitude)\"/>\n")
        }
    }

    /// The `<bounds>` element near the start of an OSM XML document, if it has one.
    public static func boundsElement(in head: String) -> BoundingBox? {
        guard let start = head.range(of: "<bounds "), let end = head[start.upperBound...].range(of: "/>") else {
            return nil
        }
        let element = head[start.upperBound..<end.lowerBound]
        func value(_ name: String) -> Double? {
            guard let key = element.range(of: name + "=\"") else { return nil }
            let rest = element[key.upperBound...]
            return rest.firstIndex(of: "\"").flatMap { Double(rest[..<$0]) }
        }
        guard let south = value("minlat"), let west = value("minlon"), let north = value("maxlat"),
            let east = value("maxlon")
        else { return nil }
        return BoundingBox(minLatitude: south, minLongitude: west, maxLatitude: north, maxLongitude: east)
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
