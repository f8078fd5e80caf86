import NavMap
import Testing

@Suite struct RoadSnapperTests {
    /// An east-west road and, 30 m north of it, a parallel footway.
    static func graph() throws -> RoadGraph {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 200, y: 0)
        osm.node(3, x: 0, y: 30)
        osm.node(4, x: 200, y: 30)
        osm.way(10, [1, 2], ["highway": "residential", "name": "Road"])
        osm.way(11, [3, 4], ["highway": "footway", "name": "Path"])
        return try osm.graph()
    }

    @Test func snapsToTheNearestSegmentTheModeMayUse() throws {
        let graph = try Self.graph()
        let snapper = RoadSnapper(graph: graph)
        let point = OSMFixture.coordinate(x: 50, y: 25)
        let walking = try #require(snapper.nearest(to: point, mode: .walking))
        #expect(graph.name(ofWay: graph.way(ofSegment: walking.segment)) == "Path")
        #expect(abs(walking.distanceMeters - 5) < 0.5)
        let driving = try #require(snapper.nearest(to: point, mode: .driving))
        #expect(graph.name(ofWay: graph.way(ofSegment: driving.segment)) == "Road")
        #expect(abs(driving.fraction - 0.25) < 0.01)
        #expect(abs(driving.distanceMeters - 25) < 0.5)
    }

    @Test func headingChoosesTheDirection() throws {
        let graph = try Self.graph()
        let snapper = RoadSnapper(graph: graph)
        let point = OSMFixture.coordinate(x: 100, y: 2)
        let east = try #require(snapper.nearest(to: point, mode: .driving, heading: 85))
        let west = try #require(snapper.nearest(to: point, mode: .driving, heading: 275))
        #expect(east.preferredArc == 2 * east.segment)
        #expect(west.preferredArc == 2 * west.segment + 1)
    }

    @Test func givesUpBeyondTheLimit() throws {
        let snapper = RoadSnapper(graph: try Self.graph())
        #expect(
            snapper.nearest(to: OSMFixture.coordinate(x: 100, y: 3_000), mode: .driving, maxDistanceMeters: 1_000)
                == nil)
    }

    @Test func findsWaysInACircle() throws {
        let graph = try Self.graph()
        let snapper = RoadSnapper(graph: graph)
        #expect(snapper.wayIDs(within: 10, of: OSMFixture.coordinate(x: 200, y: 0)) == [10])
        #expect(snapper.wayIDs(within: 40, of: OSMFixture.coordinate(x: 0, y: 10)) == [10, 11])
    }
}
