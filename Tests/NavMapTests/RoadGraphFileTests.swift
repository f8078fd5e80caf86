import NavTesting
import Foundation
import NavMap
import Testing

@Suite struct RoadGraphFileTests {
    func writtenGraph() throws -> (RoadGraph, String) {
        let graph = try SyntheticNetwork(nodeCount: 900, seed: 5).graph()
        let path = try TemporaryDirectory.make() + "/city.navgraph"
        try RoadGraphFile.write(graph, to: path)
        return (graph, path)
    }

    @Test func roundTripKeepsEverything() throws {
        let (graph, path) = try writtenGraph()
        let loaded = try MapLoader.load(path: path)
        #expect(loaded.nodeCount == graph.nodeCount)
        #expect(loaded.segmentCount == graph.segmentCount)
        #expect(loaded.turnRestrictions == graph.turnRestrictions)
        for way in 0..<graph.wayCount {
            #expect(loaded.name(ofWay: way) == graph.name(ofWay: way))
            #expect(loaded.osmID(ofWay: way) == graph.osmID(ofWay: way))
        }
        for arc in stride(from: 0, to: graph.arcCount, by: 37) {
            #expect(loaded.speed(ofArc: arc, mode: .driving) == graph.speed(ofArc: arc, mode: .driving))
            #expect(
                loaded.coordinate(ofNode: Int(loaded.head(ofArc: arc)))
                    == graph.coordinate(ofNode: Int(graph.head(ofArc: arc))))
        }
    }

    @Test func destinationOnlyArcsSurviveTheFile() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 100, y: 0)
        osm.node(3, x: 200, y: 0)
        osm.way(1, [1, 2], ["highway": "residential"])
        osm.way(2, [2, 3], ["highway": "residential", "motor_vehicle": "destination"])
        let graph = try osm.graph()
        let path = try TemporaryDirectory.make() + "/small.navgraph"
        try RoadGraphFile.write(graph, to: path)
        let loaded = try MapLoader.load(path: path)
        let restricted = (0..<graph.arcCount).map { graph.isRestricted(.driving, onArc: $0) }
        #expect(restricted.filter { $0 }.count == 2)
        #expect((0..<loaded.arcCount).map { loaded.isRestricted(.driving, onArc: $0) } == restricted)
        #expect(!loaded.hasRestrictedArcs(for: .walking))
    }

    @Test func writesAtomicallyWithoutLeftovers() throws {
        let (_, path) = try writtenGraph()
        let directory = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["city.navgraph"])
        #expect(throws: MapError.self) {
            try RoadGraphFile.write(try SyntheticNetwork(nodeCount: 16).graph(), to: "/nonexistent-dir/x.navgraph")
        }
    }

    @Test func detectsGraphFilesByMagicWhateverTheExtension() throws {
        let (graph, path) = try writtenGraph()
        let renamed = path + ".bin"
        try FileManager.default.copyItem(atPath: path, toPath: renamed)
        #expect(try MapLoader.load(path: renamed).segmentCount == graph.segmentCount)
    }

    @Test func truncatedGraphFileThrowsTruncated() throws {
        let (_, path) = try writtenGraph()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count - 100).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: MapError.self) { try MapLoader.load(path: path) }
        #expect(error.code == .truncated)
        try data.prefix(12).write(to: URL(fileURLWithPath: path))
        #expect(throws: MapError.self) { try MapLoader.load(path: path) }
    }

    @Test func damagedGraphFileThrowsCorrupt() throws {
        let (_, path) = try writtenGraph()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count / 2] ^= 0x5A
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: MapError.self) { try MapLoader.load(path: path) }
        #expect(error.code == .corrupt)
    }

    @Test func otherFormatVersionIsReported() throws {
        let (_, path) = try writtenGraph()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[8] = 99
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: MapError.self) { try MapLoader.load(path: path) }
        #expect(error.code == .versionMismatch)
    }
}
