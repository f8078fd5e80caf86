import NavCore
import NavTesting
import Foundation
import NavMap
import Testing

@Suite struct GraphImportTests {
    /// A street of three nodes with a toll booth in the middle, a footway, and a building that is ignored.
    static func smallTown() -> OSMFixture {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 100, y: 0, tags: ["barrier": "toll_booth"])
        osm.node(3, x: 200, y: 0)
        osm.node(4, x: 200, y: 100)
        osm.node(5, x: 50, y: 50)
        osm.node(6, x: 60, y: 60)
        osm.way(10, [1, 2, 3], ["highway": "primary", "name": "Main Street", "maxspeed": "40"])
        osm.way(11, [3, 4], ["highway": "footway"])
        osm.way(12, [5, 6, 5], ["building": "yes"])
        return osm
    }

    @Test func buildsSegmentsArcsAndWays() throws {
        let graph = try Self.smallTown().graph()
        #expect(graph.nodeCount == 4)
        #expect(graph.segmentCount == 3)
        #expect(graph.wayCount == 2)
        let main = try #require(graph.way(forOSMID: 10))
        #expect(graph.name(ofWay: main) == "Main Street")
        #expect(graph.segments(ofWay: main).count == 2)
        let first = graph.segments(ofWay: main).lowerBound
        #expect(abs(graph.lengthMeters(ofSegment: first) - 100) < 1)
        #expect(graph.allows(.driving, onArc: 2 * first) && graph.allows(.driving, onArc: 2 * first + 1))
        #expect(abs((graph.speedLimit(ofArc: 2 * first) ?? 0) - 40 / 3.6) < 0.01)
        let footway = graph.segments(ofWay: try #require(graph.way(forOSMID: 11))).lowerBound
        #expect(!graph.allows(.driving, onArc: 2 * footway) && graph.allows(.walking, onArc: 2 * footway))
        #expect(graph.node(forOSMID: 5) == nil)
        #expect(graph.node(forOSMID: 2).map { graph.osmID(ofNode: $0) } == 2)
    }

    @Test func tollBoothMarksTheSegmentsThroughIt() throws {
        let graph = try Self.smallTown().graph()
        let main = try #require(graph.way(forOSMID: 10))
        for segment in graph.segments(ofWay: main) {
            #expect(graph.flags(ofSegment: segment).contains(.toll))
        }
        let footway = graph.segments(ofWay: try #require(graph.way(forOSMID: 11))).lowerBound
        #expect(!graph.flags(ofSegment: footway).contains(.toll))
    }

    @Test func reportsProgress() throws {
        var phases: [MapImportProgress.Phase] = []
        _ = try MapLoader.load(path: Self.smallTown().write()) { phases.append($0.phase) }
        #expect(phases.first == .building)
        #expect(phases.last == .done)
    }

    @Test func resolvesTurnRestrictionsViaNodeIntoForbiddenArcPairs() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -100)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 100, y: 0)
        osm.node(4, x: -100, y: 0)
        osm.way(10, [1, 2], ["highway": "residential"])
        osm.way(11, [2, 3], ["highway": "residential"])
        osm.way(12, [2, 4], ["highway": "residential"])
        osm.restriction(20, "no_right_turn", from: 10, viaNode: 2, to: 11)
        let graph = try osm.graph()
        let from = 2 * graph.segments(ofWay: try #require(graph.way(forOSMID: 10))).lowerBound
        let right = 2 * graph.segments(ofWay: try #require(graph.way(forOSMID: 11))).lowerBound
        let left = 2 * graph.segments(ofWay: try #require(graph.way(forOSMID: 12))).lowerBound
        #expect(graph.isTurnRestricted(from: from, to: right, modeBit: TravelMode.driving.bit))
        #expect(!graph.isTurnRestricted(from: from, to: left, modeBit: TravelMode.driving.bit))
        #expect(!graph.isTurnRestricted(from: from, to: right, modeBit: TravelMode.walking.bit))
    }

    @Test func rejectsAMapWithoutRoads() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 10, y: 0)
        osm.way(10, [1, 2], ["building": "yes"])
        #expect(throws: MapError.self) { try osm.graph() }
    }

    @Test func importsGeneratedOSMXML() throws {
        let network = SyntheticNetwork(nodeCount: 400, seed: 3)
        let path = try TemporaryDirectory.make() + "/synthetic.osm"
        try network.osmXML().write(toFile: path, atomically: true, encoding: .utf8)
        let imported = try MapLoader.load(path: path)
        let direct = try network.graph()
        #expect(imported.nodeCount == direct.nodeCount)
        #expect(imported.segmentCount == direct.segmentCount)
        #expect(imported.wayCount == direct.wayCount)
    }
}
