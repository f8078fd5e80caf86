import NavTesting
import Foundation
import NavMap
import Testing

@Suite struct NodeAttributeTests {
    /// A crossroads with traffic lights, a side street ending at a stop sign, and a signal on a node off the roads.
    static func crossroads() -> OSMFixture {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 100, y: 0, tags: ["highway": "traffic_signals"])
        osm.node(3, x: 200, y: 0)
        osm.node(4, x: 100, y: 100, tags: ["highway": "stop"])
        osm.node(5, x: 100, y: 200)
        osm.node(6, x: 300, y: 300, tags: ["highway": "traffic_signals"])
        osm.way(10, [1, 2, 3], ["highway": "primary", "name": "Main Street"])
        osm.way(11, [2, 4, 5], ["highway": "residential", "name": "Side Street"])
        return osm
    }

    @Test func importsTrafficSignalsAndStopSignsOnRoadNodes() throws {
        let graph = try Self.crossroads().graph()
        let signals = try #require(graph.node(forOSMID: 2))
        let stop = try #require(graph.node(forOSMID: 4))
        #expect(graph.nodeAttributes.attributes(ofNode: signals) == .trafficSignals)
        #expect(graph.nodeAttributes.attributes(ofNode: stop) == .stop)
        #expect(graph.nodeAttributes.nodes(with: .trafficSignals) == [signals])
        #expect(graph.nodeAttributes.nodes(with: .stop) == [stop])
        // Node 6 is on no road, so it is not in the graph at all.
        #expect(graph.nodeAttributes.count == 2)
        #expect(graph.nodeAttributes.attributes(ofNode: try #require(graph.node(forOSMID: 1))).isEmpty)
    }

    @Test func graphFileKeepsTheAttributes() throws {
        let graph = try Self.crossroads().graph()
        let path = try TemporaryDirectory.make() + "/crossroads.navgraph"
        try RoadGraphFile.write(graph, to: path)
        let loaded = try MapLoader.load(path: path)
        #expect(loaded.nodeAttributes == graph.nodeAttributes)
        #expect(RoadGraphFile.formatVersion >= 2)
    }

    @Test func sampleMapHasTrafficSignals() throws {
        let graph = try MapLoader.load(path: try SampleMaps.path("helsinki.osm.pbf"))
        // Central Helsinki is full of traffic lights; the extract carries well over a hundred on its roads.
        #expect(graph.nodeAttributes.nodes(with: .trafficSignals).count > 50)
    }
}
