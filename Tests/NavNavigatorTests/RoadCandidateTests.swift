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

    /// A one-way street running south into a fork at (0, 0): straight on south, or bearing off south-west, both
    /// one-way; and a two-way street meeting the fork from the east.
    static func oneWayFork() throws -> MapRoadMatcher {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 300)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 0, y: -300)
        osm.node(4, x: -200, y: -200)
        osm.node(5, x: 300, y: 0)
        osm.way(20, [1, 2], ["highway": "primary", "name": "Street", "oneway": "yes"])
        osm.way(21, [2, 3], ["highway": "primary", "name": "Straight On", "oneway": "yes"])
        osm.way(22, [2, 4], ["highway": "primary", "name": "Branch", "oneway": "yes"])
        osm.way(23, [2, 5], ["highway": "residential", "name": "Side Street"])
        return MapRoadMatcher(router: Router(graph: try osm.graph()), mode: .driving)
    }

    /// The road position on the street named `name` within 1 m of (`x`, `y`), running `east` or not.
    static func position(
        on name: String, x: Double, y: Double, east: Bool? = nil, of matcher: MapRoadMatcher
    ) throws -> RoadCandidate {
        try #require(
            matcher.candidates(near: OSMFixture.coordinate(x: x, y: y), within: 1, limit: 4).first { candidate in
                let eastward = (0..<180).contains(candidate.road.course ?? -1)
                return candidate.road.roadName == name && (east.map { $0 == eastward } ?? true)
            })
    }

    @Test func aPositionJustPastAForkStillReachesTheOtherBranch() throws {
        let matcher = try Self.oneWayFork()
        // 4 m past the fork on the road straight on, as a fix thrown forward puts the vehicle.
        let origin = try Self.position(on: "Straight On", x: 0, y: -4, of: matcher)
        let branch = try Self.position(on: "Branch", x: -7.07, y: -7.07, of: matcher)
        // One-way roads: from past the fork the branch cannot be reached at all.
        #expect(matcher.networkDistances(from: origin, to: [branch], maximum: 500) == [nil])
        // Allowing for the vehicle still being at the fork: the step back and the way on.
        let backing = try #require(matcher.networkDistances(from: origin, to: [branch], maximum: 500, backing: 8).first ?? nil)
        #expect(abs(backing - 14) < 0.5, "\(backing)")
        // Not when the position lies farther past the fork than the allowance.
        #expect(matcher.networkDistances(from: origin, to: [branch], maximum: 500, backing: 3) == [nil])
    }

    @Test func stepsBackAcrossTheForkReachOnlyRoadsLeavingIt() throws {
        let matcher = try Self.oneWayFork()
        let origin = try Self.position(on: "Straight On", x: 0, y: -4, of: matcher)
        // Into the side street is a turn at the fork; nothing leads back north along the one-way street.
        let side = try Self.position(on: "Side Street", x: 10, y: 0, east: true, of: matcher)
        let distance = try #require(matcher.networkDistances(from: origin, to: [side], maximum: 500, backing: 8).first ?? nil)
        #expect(abs(distance - 14) < 0.5, "\(distance)")
        let north = matcher.candidates(near: OSMFixture.coordinate(x: 0, y: 10), within: 1, limit: 4)
        #expect(north.allSatisfy { $0.road.roadName == "Street" })
        #expect(matcher.networkDistances(from: origin, to: north, maximum: 500, backing: 8).allSatisfy { $0 == nil })
    }
}
