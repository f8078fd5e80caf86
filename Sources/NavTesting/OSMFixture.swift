public import NavCore
import Foundation
public import NavMap

/// A small hand-made OSM extract, written as XML into a temporary directory. Nodes are placed in metres
/// east (`x`) and north (`y`) of 60°N 25°E so that fixtures read like sketches.
public struct OSMFixture {
    public init() {}

    public struct Node {
        public var id: Int64
        public var x: Double
        public var y: Double
        public var tags: [String: String]
    }

    public struct Way {
        public var id: Int64
        public var refs: [Int64]
        public var tags: [String: String]
    }

    public struct Relation {
        public var id: Int64
        public var members: [(type: String, ref: Int64, role: String)]
        public var tags: [String: String]
    }

    public var nodes: [Node] = []
    public var ways: [Way] = []
    public var relations: [Relation] = []

    public mutating func node(_ id: Int64, x: Double, y: Double, tags: [String: String] = [:]) {
        nodes.append(Node(id: id, x: x, y: y, tags: tags))
    }

    public mutating func way(_ id: Int64, _ refs: [Int64], _ tags: [String: String]) {
        ways.append(Way(id: id, refs: refs, tags: tags))
    }

    public mutating func restriction(
        _ id: Int64, _ kind: String, from: Int64, viaNode: Int64? = nil, viaWay: Int64? = nil, to: Int64
    ) {
        var members: [(type: String, ref: Int64, role: String)] = [("way", from, "from")]
        if let viaNode { members.append(("node", viaNode, "via")) }
        if let viaWay { members.append(("way", viaWay, "via")) }
        members.append(("way", to, "to"))
        relations.append(Relation(id: id, members: members, tags: ["type": "restriction", "restriction": kind]))
    }

    /// A `type=route` relation over `ways` with `tags` (a ferry route with its access tags, for instance).
    public mutating func route(_ id: Int64, ways: [Int64], _ tags: [String: String]) {
        relations.append(
            Relation(id: id, members: ways.map { ("way", $0, "") }, tags: tags.merging(["type": "route"]) { a, _ in a }))
    }

    public static func coordinate(x: Double, y: Double) -> Coordinate {
        Coordinate(latitude: 60 + y / 111_195.0, longitude: 25 + x / (111_195.0 * cos(60 * Double.pi / 180)))
    }

    public func xml() -> String {
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
    public func write(name: String = "fixture") throws -> String {
        let directory = try TemporaryDirectory.make()
        let path = directory + "/\(name).osm"
        try xml().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    public func graph() throws -> RoadGraph {
        try MapLoader.load(path: write())
    }
}

public enum TemporaryDirectory {
    public static func make() throws -> String {
        let path = NSTemporaryDirectory() + "navbus-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

public enum SampleMaps {
    /// Path of a sample map in `maps/`, failing with instructions when it has not been fetched.
    public static func path(_ name: String) throws -> String {
        try PackagePaths.map(name).path
    }
}
