import NavCore
import NavGuidance
import NavMap
import NavRouting
import NavTesting
import Testing

@testable import NavNavigator

/// Which road positions the map offers the network matcher near a fix (``MapRoadMatcher/candidates(near:within:limit:)``).
@Suite struct RoadCandidateTests {
    /// A straight avenue along y = 0 with one node every 200 m, and 15 m north of it a service lane drawn with a
    /// node every 4 m (as winding lanes are), both two-way; a fix lies on the lane, 15 m from the avenue.
    static func avenueBesideDetailedLane() throws -> MapRoadMatcher {
        var osm = OSMFixture()
        osm.node(1, x: -200, y: 0)
        osm.node(2, x: 200, y: 0)
        osm.way(10, [1, 2], ["highway": "primary", "name": "Avenue"])
        var lane: [Int64] = []
        for (index, x) in stride(from: -80.0, through: 80, by: 4).enumerated() {
            osm.node(100 + Int64(index), x: x, y: 15)
            lane.append(100 + Int64(index))
        }
        osm.way(11, lane, ["highway": "service"])
        let router = Router(graph: try osm.graph())
        return MapRoadMatcher(router: router, mode: .driving)
    }

    @Test func aRoadBesideAFinelyDrawnOneIsStillACandidate() throws {
        let matcher = try Self.avenueBesideDetailedLane()
        let fix = OSMFixture.coordinate(x: 2, y: 15)
        // By distance alone, the sixteen nearest positions are all on the lane.
        let nearest = matcher.candidates(near: fix, within: 40, limit: 16)
        #expect(nearest.count == 16)
        #expect(nearest.allSatisfy { $0.road.roadName.isEmpty })
        // With places for the roads they leave out: both directions of the avenue, after the nearest sixteen.
        let candidates = matcher.candidates(near: fix, within: 40, limit: 16, otherRoads: 8)
        #expect(candidates.count == 18)
        #expect(Array(candidates.prefix(16)) == nearest)
        #expect(candidates.suffix(2).map(\.road.roadName) == ["Avenue", "Avenue"])
        #expect(Set(candidates.suffix(2).map(\.edge)).count == 2, "one candidate for each direction")
        let distances = candidates.map(\.road.distance)
        #expect(distances == distances.sorted(), "nearest first")
    }

    @Test func otherRoadsAreOnlyRoadsTheNearestLeaveOut() throws {
        let matcher = try Self.avenueBesideDetailedLane()
        // Halfway between the two: the avenue's two directions are among the nearest already.
        let fix = OSMFixture.coordinate(x: 2, y: 7)
        let nearest = matcher.candidates(near: fix, within: 40, limit: 8)
        #expect(nearest.contains { $0.road.roadName == "Avenue" })
        #expect(matcher.candidates(near: fix, within: 40, limit: 8, otherRoads: 8) == nearest)
        // No more than asked for.
        let fewer = matcher.candidates(near: OSMFixture.coordinate(x: 2, y: 15), within: 40, limit: 3, otherRoads: 1)
        #expect(fewer.map { $0.road.roadName.isEmpty ? "lane" : $0.road.roadName } == ["lane", "lane", "lane", "Avenue"])
    }
}
