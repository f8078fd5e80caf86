import CReadOSM
import Foundation

/// Reads `.osm` XML and `.osm.pbf` files through libreadosm, keeping only what routing needs.
/// All pointer handling for the C library lives in this file.
public enum OSMFileReader {
    /// Reads the file at `path`.
    /// - Parameters:
    ///   - path: an `.osm` or `.pbf` file (readosm chooses the parser by suffix).
    ///   - progress: called every 100,000 elements.
    /// - Throws: ``MapError`` naming the file and the problem (missing, truncated, corrupt).
    public static func read(path: String, progress: ((MapImportProgress) -> Void)? = nil) throws -> OSMData {
        guard FileManager.default.fileExists(atPath: path) else {
            throw MapError(.fileNotFound, path: path, "no such file")
        }
        guard path.hasSuffix(".osm") || path.hasSuffix(".pbf") else {
            throw MapError(.unsupportedFormat, path: path, "expected an .osm or .osm.pbf file")
        }
        if path.hasSuffix(".osm") { try OSMXMLPreflight.check(path: path) }
        var handle: UnsafeRawPointer?
        let openStatus = readosm_open(path, &handle)
        defer { if let handle { readosm_close(handle) } }
        guard openStatus == READOSM_OK else {
            throw error(status: openStatus, path: path)
        }
        let collector = Collector(progress: progress)
        let context = Unmanaged.passRetained(collector)
        defer { context.release() }
        let status = readosm_parse(handle, context.toOpaque(), nodeCallback, wayCallback, relationCallback)
        guard status == READOSM_OK else {
            throw error(status: status, path: path)
        }
        var data = collector.data
        data.applyFerryRouteAccess()
        return data
    }

    static func error(status: Int32, path: String) -> MapError {
        switch status {
        case READOSM_FILE_NOT_FOUND: MapError(.fileNotFound, path: path, "no such file")
        case READOSM_INVALID_SUFFIX: MapError(.unsupportedFormat, path: path, "expected an .osm or .osm.pbf file")
        case READOSM_INSUFFICIENT_MEMORY: MapError(.ioFailure, path: path, "out of memory while reading")
        case READOSM_READ_ERROR: MapError(.truncated, path: path, "the file ends early or cannot be read")
        case READOSM_XML_ERROR: MapError(.corrupt, path: path, "malformed OSM XML")
        case READOSM_INVALID_PBF_HEADER: MapError(.corrupt, path: path, "invalid PBF block header")
        case READOSM_UNZIP_ERROR: MapError(.corrupt, path: path, "a compressed PBF block does not decompress")
        default: MapError(.corrupt, path: path, "readosm error \(status)")
        }
    }

    final class Collector {
        var data = OSMData()
        var elements = 0
        let progress: ((MapImportProgress) -> Void)?

        init(progress: ((MapImportProgress) -> Void)?) {
            self.progress = progress
        }

        func counted() {
            elements += 1
            if elements % 100_000 == 0 { progress?(MapImportProgress(phase: .reading, processed: elements)) }
        }
    }
}

private func collector(_ userData: UnsafeRawPointer?) -> OSMFileReader.Collector {
    Unmanaged<OSMFileReader.Collector>.fromOpaque(userData!).takeUnretainedValue()
}

private func tagValue(_ tags: UnsafePointer<readosm_tag>?, count: Int32, key: String) -> String? {
    guard let tags else { return nil }
    for i in 0..<Int(count) where strcmp(tags[i].key, key) == 0 {
        return String(cString: tags[i].value)
    }
    return nil
}

private func allTags(_ tags: UnsafePointer<readosm_tag>?, count: Int32) -> [String: String] {
    guard let tags else { return [:] }
    var result: [String: String] = [:]
    result.reserveCapacity(Int(count))
    for i in 0..<Int(count) {
        result[String(cString: tags[i].key)] = String(cString: tags[i].value)
    }
    return result
}

private let nodeCallback: readosm_node_callback = { userData, nodePointer in
    guard let node = nodePointer?.pointee else { return READOSM_OK }
    let sink = collector(userData)
    // readosm leaves a missing lat or lon at READOSM_UNDEFINED (-1234567890). A node without a place on the
    // globe is left out, so the ways through it break there as at a node missing from the extract.
    guard (-90...90).contains(node.latitude), (-180...180).contains(node.longitude) else {
        sink.counted()
        return READOSM_OK
    }
    let tollBooth = node.tag_count > 0 && tagValue(node.tags, count: node.tag_count, key: "barrier") == "toll_booth"
    let attributes =
        node.tag_count > 0 ? NodeAttributes(highwayTag: tagValue(node.tags, count: node.tag_count, key: "highway")) : []
    sink.data.nodes[node.id] = OSMData.Node(
        latitude: node.latitude, longitude: node.longitude, isTollBooth: tollBooth, attributes: attributes)
    sink.counted()
    return READOSM_OK
}

private let wayCallback: readosm_way_callback = { userData, wayPointer in
    guard let way = wayPointer?.pointee else { return READOSM_OK }
    let sink = collector(userData)
    sink.counted()
    let isRoad = tagValue(way.tags, count: way.tag_count, key: "highway") != nil
    let isFerry = !isRoad && tagValue(way.tags, count: way.tag_count, key: "route") == "ferry"
    guard isRoad || isFerry, way.node_ref_count >= 2, let refs = way.node_refs else { return READOSM_OK }
    let nodeIDs = Array(UnsafeBufferPointer(start: refs, count: Int(way.node_ref_count)))
    sink.data.ways.append(OSMData.Way(id: way.id, nodeIDs: nodeIDs, tags: allTags(way.tags, count: way.tag_count)))
    return READOSM_OK
}

private let relationCallback: readosm_relation_callback = { userData, relationPointer in
    guard let relation = relationPointer?.pointee else { return READOSM_OK }
    let sink = collector(userData)
    sink.counted()
    let type = tagValue(relation.tags, count: relation.tag_count, key: "type")
    if type == "route", tagValue(relation.tags, count: relation.tag_count, key: "route") == "ferry" {
        collectFerryRoute(relation, into: sink)
        return READOSM_OK
    }
    guard type == "restriction", let membersPointer = relation.members else { return READOSM_OK }
    var members: [(type: OSMData.MemberType, id: Int64, role: String)] = []
    for i in 0..<Int(relation.member_count) {
        let member = membersPointer[i]
        let type: OSMData.MemberType
        switch member.member_type {
        case READOSM_MEMBER_NODE: type = .node
        case READOSM_MEMBER_WAY: type = .way
        default: type = .relation
        }
        members.append((type, member.id, member.role.map { String(cString: $0) } ?? ""))
    }
    let tags = allTags(relation.tags, count: relation.tag_count)
    if let restriction = OSMData.Restriction(id: relation.id, tags: tags, members: members) {
        sink.data.restrictions.append(restriction)
    }
    return READOSM_OK
}

/// Records a ferry route relation's access tags for its member ways (see ``OSMData/ferryRouteAccess``).
private func collectFerryRoute(_ relation: readosm_relation, into sink: OSMFileReader.Collector) {
    let access = allTags(relation.tags, count: relation.tag_count).filter { OSMData.ferryAccessKeys.contains($0.key) }
    guard !access.isEmpty, let members = relation.members else { return }
    for i in 0..<Int(relation.member_count) where members[i].member_type == READOSM_MEMBER_WAY {
        sink.data.ferryRouteAccess[members[i].id, default: [:]].merge(access) { current, _ in current }
    }
}
