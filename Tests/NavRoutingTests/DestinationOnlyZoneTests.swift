import NavCore
import NavMap
import NavRouting
import NavTesting
import Testing

/// Gated estates (issue 11): streets whose only way to the rest of the network is a destination-only road count as
/// destination-only too, so trips start and end on them, and they never become a shortcut.
@Suite struct DestinationOnlyZoneTests {
    ///     9 ------------------ North Road ---------------- 10
    ///     |                                                |
    ///     1 -- West Street -- 2        3 -- East Street -- 4
    ///     |                   |        |                   |
    ///     |               West Gate  East Gate             |
    ///     |                   |        |                   |
    ///     |                   7 -- Estate Close -- 8       |
    ///     |                                                |
    ///     5 ---------------- 11 -- Ring Road -------------- 6
    ///                        |
    ///                        13 (a cul-de-sac, where cars may turn round)
    ///
    /// The gates are `motor_vehicle=destination`, Estate Close carries no access tag.
    static func estate() -> OSMFixture {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 400, y: 0)
        osm.node(3, x: 600, y: 0)
        osm.node(4, x: 1_000, y: 0)
        osm.node(5, x: 0, y: -900)
        osm.node(6, x: 1_000, y: -900)
        osm.node(7, x: 400, y: -100)
        osm.node(8, x: 600, y: -100)
        osm.node(9, x: 0, y: 300)
        osm.node(10, x: 1_000, y: 300)
        osm.node(11, x: 300, y: -900)
        osm.node(13, x: 300, y: -1_000)
        osm.way(1, [1, 2], ["highway": "residential", "name": "West Street"])
        osm.way(2, [3, 4], ["highway": "residential", "name": "East Street"])
        osm.way(3, [1, 5, 11, 6, 4], ["highway": "residential", "name": "Ring Road"])
        osm.way(7, [1, 9, 10, 4], ["highway": "residential", "name": "North Road"])
        osm.way(8, [11, 13], ["highway": "residential", "name": "Cul-de-sac"])
        let gate = ["highway": "residential", "motor_vehicle": "destination"]
        osm.way(4, [2, 7], gate.merging(["name": "West Gate"]) { a, _ in a })
        osm.way(5, [8, 3], gate.merging(["name": "East Gate"]) { a, _ in a })
        osm.way(6, [7, 8], ["highway": "residential", "name": "Estate Close"])
        return osm
    }

    static let inEstate = OSMFixture.coordinate(x: 500, y: -97)
    static let west = OSMFixture.coordinate(x: 200, y: 3)
    static let east = OSMFixture.coordinate(x: 800, y: 3)

    @Test func streetsBehindTheGateAreDestinationOnlyAndTheRestIsNot() throws {
        let graph = try Self.estate().graph()
        func restricted(way id: Int64) throws -> [Bool] {
            let way = try #require(graph.way(forOSMID: id))
            return graph.segments(ofWay: way).flatMap { [2 * $0, 2 * $0 + 1] }.map {
                graph.isRestricted(.driving, onArc: $0)
            }
        }
        #expect(try restricted(way: 6).allSatisfy { $0 })
        for open: Int64 in [1, 2, 3, 7, 8] { #expect(try restricted(way: open).allSatisfy { !$0 }, "way \(open)") }
    }

    @Test func tripsStartAndEndOnTheEstatesOwnStreet() throws {
        let router = Router(graph: try Self.estate().graph())
        let leaving = router.route(
            RouteRequest(waypoints: [Waypoint(coordinate: Self.inEstate), Waypoint(coordinate: Self.west)]))
        #expect(leaving.status == .ok, "\(leaving.message)")
        #expect(leaving.waypoints.first?.roadName == "Estate Close")
        #expect((leaving.waypoints.first?.position.distanceMeters ?? .infinity) < 5)
        #expect(leaving.roadNames == ["Estate Close", "West Gate", "West Street"], "\(leaving.roadNames)")
        let arriving = router.route(
            RouteRequest(waypoints: [Waypoint(coordinate: Self.east), Waypoint(coordinate: Self.inEstate)]))
        #expect(arriving.status == .ok, "\(arriving.message)")
        #expect(arriving.waypoints.last?.roadName == "Estate Close")
        #expect(arriving.roadNames == ["East Street", "East Gate", "Estate Close"], "\(arriving.roadNames)")
    }

    /// West to east through the estate is 1,000 m, by North Road 1,600 m: still North Road.
    @Test func theEstateIsNoShortcut() throws {
        let router = Router(graph: try Self.estate().graph())
        for (from, to) in [(Self.west, Self.east), (Self.east, Self.west)] {
            let result = router.route(RouteRequest(waypoints: [Waypoint(coordinate: from), Waypoint(coordinate: to)]))
            #expect(result.status == .ok)
            #expect(result.roadNames.contains("North Road"), "\(result.roadNames)")
            #expect(!result.roadNames.contains("Estate Close"), "\(result.roadNames)")
            for leg in result.routes.flatMap(\.legs) {
                #expect(ThroughTrafficRule.allows(leg.arcs.map { router.graph.isRestricted(.driving, onArc: $0) }))
            }
        }
    }
}
