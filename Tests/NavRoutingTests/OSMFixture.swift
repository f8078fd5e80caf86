import Foundation
import NavMap

/// A small hand-made OSM extract, written as XML into a temporary directory. Nodes are placed in metres
/// east (`x`) and north (`y`) of 60°N 25°E so that fixtures read like sketches.
struct OSMFixture {
    struct Node {
        var id: Int64
        var x: Double
        var y: Double
        var tags: [String: String]
    }

    struct Way {
        var id: Int64
        var refs: [Int64]
        var tags: [String: String]
    }

    struct Relation {
        var id: Int64
        var members: [(type: String, ref: Int64, role: String)]
        var tags: [String: String]
    }

    var nodes: [Node] = []
    var ways: [Way] = []
    var relations: [Relation] = []

    mutating func node(_ id: Int64, x: Double, y: Double, tags: [String: String] = [:]) {
        nodes.append(Node(id: id, x: x, y: y, tags: tags))
    }

    mutating func way(_ id: Int64, _ refs: [Int64], _ tags: [String: String]) {
        ways.append(Way(id: id, refs: refs, tags: tags))
    }

    mutating func restriction(
        _ id: Int64, _ kind: String, from: Int64, viaNode: Int64? = nil, viaWay: Int64? = nil, to: Int64
    ) {
        var members: [(type: String, ref: Int64, role: String)] = [("way", from, "from")]
        if let viaNode { members.append(("node", viaNode, "via")) }
        if let viaWay { members.append(("way", viaWay, "via")) }
        members.append(("way", to, "to"))
        relations.append(Relation(id: id, members: members, tags: ["type": "restriction", "restriction": kind]))
    }

    static func coordinate(x: Double, y: Double) -> Coordinate {
        Coordinate(latitude: 60 + y / 111_195.0, longitude: 25 + x / (111_195.0 * cos(60 * Double.pi / 180)))
    }

    func xml() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"
        for node in nodes {
            let c = Self.coordinate(x: node.x, y: node.y)
            out += "<node id=\"\(node.id)\" lat=\"\(c.latitude)\" lon=\"\(c.longitude)\" version=\"1\">"
            for (k, v) in node.tags { out += "<tag k=\"\(k)\" v=\"\(v)\"/>" }
            out += "</node>\n"
        }
        for way in ways {
            out += "<way id=\"\(way.id)\" version=\"1\">"
            for ref in way.refs { out += "<nd ref=\"\(ref)\"/>" }
            for (k, v) in way.tags { out += "<tag k=\"\(k)\" v=\"\(v)\"/>" }
            out += "</way>\n"
        }
        for relation in relations {
            out += "<relation id=\"\(relation.id)\" version=\"1\">"
            for m in relation.members { out += "<member type=\"\(m.type)\" ref=\"\(m.ref)\" role=\"\(m.role)\"/>" }
            for (k, v) in relation.tags { out += "<tag k=\"\(k)\" v=\"\(v)\"/>" }
            out += "</relation>\n"
        }
        return out + "</osm>\n"
    }

    /// Writes the fixture to a fresh temporary `.osm` file and returns its path.
    func write(name: String = "fixture") throws -> String {
        let directory = try TemporaryDirectory.make()
        let path = directory + "/\(name).osm"
        try xml().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func graph() throws -> RoadGraph {
        try MapLoader.load(path: write())
    }
}

enum TemporaryDirectory {
    static func make() throws -> String {
        let path = NSTemporaryDirectory() + "navbus-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

enum SampleMaps {
    /// Path of a sample map in `maps/`, failing with instructions when it has not been fetched.
    static func path(_ name: String, filePath: String = #filePath) throws -> String {
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("maps/\(name)").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw MissingMap(message: "\(path) is missing: run scripts/fetch-maps.sh first")
        }
        return path
    }

    struct MissingMap: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
