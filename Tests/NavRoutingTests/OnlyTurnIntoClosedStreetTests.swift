import NavCore
import NavMap
import NavRouting
import NavTesting
import Testing

/// An `only_straight_on` sign into a street closed to cars binds the traffic that may go straight on, not cars
/// (issue 11: Hakaniemen torikatu, relation 68861, whose `to` way is `motor_vehicle=no`, made Hakaniemenranta
/// unreachable from the map's roads although OSRM routes there).
@Suite struct OnlyTurnIntoClosedStreetTests {
    ///                     4
    ///                     |
    ///               Market Square (motor_vehicle=no)
    ///                     |
    ///     1 -- Shore Road -- 2 -- Shore Road -- 3
    ///                     |
    ///                Side Street
    ///                     |
    ///                     5
    ///
    /// `only_straight_on` from Side Street to Market Square at node 2.
    static func junction() -> OSMFixture {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 300, y: 0)
        osm.node(3, x: 600, y: 0)
        osm.node(4, x: 300, y: 200)
        osm.node(5, x: 300, y: -200)
        osm.way(1, [1, 2, 3], ["highway": "residential", "name": "Shore Road"])
        osm.way(2, [2, 4], ["highway": "unclassified", "motor_vehicle": "no", "name": "Market Square"])
        osm.way(3, [5, 2], ["highway": "residential", "name": "Side Street"])
        osm.restriction(10, "only_straight_on", from: 3, viaNode: 2, to: 2)
        return osm
    }

    static let onSideStreet = OSMFixture.coordinate(x: 303, y: -150)
    static let onShoreRoadEast = OSMFixture.coordinate(x: 500, y: 3)

    @Test func aCarTurnsWhereTheOnlyWayOnIsClosedToIt() throws {
        let router = Router(graph: try Self.junction().graph())
        let result = router.route(
            RouteRequest(waypoints: [Waypoint(coordinate: Self.onSideStreet), Waypoint(coordinate: Self.onShoreRoadEast)]))
        #expect(result.status == .ok, "\(result.message)")
        #expect(result.roadNames == ["Side Street", "Shore Road"], "\(result.roadNames)")
    }

    @Test func aCyclistStillGoesStraightOn() throws {
        let router = Router(graph: try Self.junction().graph())
        var options = RoutingOptions(travelMode: .cycling)
        options.alternateRoutes = .noAlternates
        let result = router.route(
            RouteRequest(
                waypoints: [Waypoint(coordinate: Self.onSideStreet), Waypoint(coordinate: Self.onShoreRoadEast)],
                options: options))
        #expect(result.status == .ok, "\(result.message)")
        #expect(result.roadNames.contains("Market Square"), "\(result.roadNames)")
    }
}
