import NavCore
import NavMap
import NavTesting
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

    /// A 1 km road with no node between its ends, and short side streets every 50 m, so that the grid's cells are
    /// far smaller than the road.
    static func longRoadGraph() throws -> RoadGraph {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 1_000, y: 0)
        osm.way(10, [1, 2], ["highway": "primary", "name": "Long"])
        for side in 0...20 {
            osm.node(Int64(100 + 2 * side), x: Double(side) * 50, y: 20)
            osm.node(Int64(101 + 2 * side), x: Double(side) * 50, y: 60)
            osm.way(Int64(200 + side), [Int64(100 + 2 * side), Int64(101 + 2 * side)], ["highway": "residential"])
        }
        osm.node(3, x: 500, y: 8)
        osm.node(4, x: 520, y: 8)
        osm.way(11, [3, 4], ["highway": "footway"])
        return try osm.graph()
    }

    @Test func findsALongRoadPassingCloseByOnceWhateverHowFarItsEnds() throws {
        let graph = try Self.longRoadGraph()
        let snapper = RoadSnapper(graph: graph)
        let positions = snapper.positions(within: 10, of: OSMFixture.coordinate(x: 500, y: 4), mode: .driving)
        let names = positions.map { graph.name(ofWay: graph.way(ofSegment: $0.segment)) }
        // The footway 4 m away is not a road a car may use; the side streets are 16 m away.
        #expect(names == ["Long"])
        let long = try #require(positions.first)
        #expect(abs(long.distanceMeters - 4) < 0.2)
        #expect(abs(long.fraction - 0.5) < 0.01)
        let walking = snapper.positions(within: 10, of: OSMFixture.coordinate(x: 500, y: 4), mode: .walking)
        #expect(Set(walking.map { graph.name(ofWay: graph.way(ofSegment: $0.segment)) }).count == walking.count)
        #expect(walking.count == 2)
    }

    /// Against measuring every segment of a town-sized grid: the same segments, each once, at the same distances.
    @Test(arguments: [15.0, 40.0, 120.0])
    func findsExactlyTheSegmentsWithinTheRadius(radius: Double) throws {
        let network = SyntheticNetwork(nodeCount: 2_500, seed: 3)
        let graph = try network.graph()
        let snapper = RoadSnapper(graph: graph)
        var random = SeededGenerator(seed: 11)
        let side = Double(network.side) * SyntheticNetwork.blockMeters
        for _ in 0..<200 {
            // Over the whole grid and a little beyond its south-west edge (cos 60° = 0.5 for the longitude).
            let north = random.nextUnit() * (side + 200) - 100
            let east = random.nextUnit() * (side + 200) - 100
            let center = Coordinate(
                latitude: SyntheticNetwork.originLatitude + north / 111_195,
                longitude: SyntheticNetwork.originLongitude + east / (111_195 * 0.5))
            let found = snapper.positions(within: radius, of: center, mode: .driving)
            #expect(Set(found.map(\.segment)).count == found.count)
            var measured: [Int: Double] = [:]
            for segment in 0..<graph.segmentCount
            where graph.allows(.driving, onArc: 2 * segment) || graph.allows(.driving, onArc: 2 * segment + 1) {
                let (a, b) = graph.endpoints(ofSegment: segment)
                let distance = center.projection(
                    ontoSegmentFrom: graph.coordinate(ofNode: a), to: graph.coordinate(ofNode: b)
                ).distance
                if distance <= radius + 0.5 { measured[segment] = distance }
            }
            for position in found {
                let reference = try #require(measured[position.segment])
                #expect(abs(reference - position.distanceMeters) < 0.5)
            }
            // Segments clearly inside the circle must all be found (the two projections differ by centimetres).
            let inside = Set(measured.filter { $0.value <= radius - 0.5 }.keys)
            #expect(inside.isSubset(of: Set(found.map(\.segment))))
        }
    }
}
