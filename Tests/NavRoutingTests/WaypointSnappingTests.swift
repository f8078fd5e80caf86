import NavCore
import NavMap
import NavRouting
import NavTesting
import Testing

/// Waypoints snap to the road they are at, as long as the trip can get there (or away from there), and say
/// how far they were moved (issue 11).
@Suite struct WaypointSnappingTests {
    /// 7 m from Töölönlahdenkatu, a one-way loop that the extract's border leaves without an exit: a
    /// destination there used to snap 221 m away onto Kaisankuja.
    static let toolonlahdenkatu = Coordinate(latitude: 60.17331, longitude: 24.93841)
    static let railwaySquare = Coordinate(latitude: 60.1699, longitude: 24.9384)

    @Test func destinationInAPocketOfTheExtractSnapsToItsStreet() throws {
        let router = try HelsinkiExactnessTests.loadedRouter()
        let result = router.route(
            RouteRequest(waypoints: [Waypoint(coordinate: Self.railwaySquare), Waypoint(coordinate: Self.toolonlahdenkatu)]))
        #expect(result.status == .ok, "\(result.message)")
        let destination = try #require(result.waypoints.last)
        #expect(destination.position.distanceMeters < 10)
        #expect(destination.roadName == "Töölönlahdenkatu")
        #expect(result.routes.first?.legs.last?.segmentRoadNames.last == "Töölönlahdenkatu")
    }

    /// The same loop has no way out inside the extract: it leads out of the map, as OSRM and Valhalla also find
    /// no route from it. A start 2 m from it stays on it (it was moved 343 m, then 200 m, onto a road that leads
    /// out), and the answer says why there is no route.
    @Test func originInAPocketStaysOnItsStreetAndSaysThereIsNoRouteWithinTheMap() throws {
        let router = try HelsinkiExactnessTests.loadedRouter()
        let start = Coordinate(latitude: 60.17327, longitude: 24.93852)
        let result = router.route(
            RouteRequest(waypoints: [Waypoint(coordinate: start), Waypoint(coordinate: Self.railwaySquare)]))
        #expect(result.status == .noRouteFound)
        #expect(result.message.contains("leads out of the map"), "\(result.message)")
        let origin = try #require(result.waypoints.first)
        #expect(origin.position.distanceMeters < 5)
        #expect(origin.roadName == "Töölönlahdenkatu")
    }

    @Test func snapDistanceIsReportedAndFarWaypointsAreRefused() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 1_000, y: 0)
        osm.way(1, [1, 2], ["highway": "residential", "name": "Lone Road"])
        let router = Router(graph: try osm.graph())
        let near = router.route(
            RouteRequest(waypoints: [
                Waypoint(coordinate: OSMFixture.coordinate(x: 100, y: 12)),
                Waypoint(coordinate: OSMFixture.coordinate(x: 900, y: -30)),
            ]))
        #expect(near.status == .ok)
        #expect(near.waypoints.map { ($0.position.distanceMeters * 10).rounded() / 10 } == [12, 30])
        #expect(near.waypoints.map(\.roadName) == ["Lone Road", "Lone Road"])
        let far = router.route(
            RouteRequest(waypoints: [
                Waypoint(coordinate: OSMFixture.coordinate(x: 100, y: 0)),
                Waypoint(coordinate: OSMFixture.coordinate(x: 500, y: 700)),
            ]))
        #expect(far.status == .waypointError)
        #expect(far.failedWaypointIndex == 1)
        #expect(far.message.contains("700 m"), "\(far.message)")
    }

    @Test func destinationSideOfTheStreet() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 500, y: 0)
        osm.way(1, [1, 2], ["highway": "residential", "oneway": "yes", "name": "East Street"])
        let router = Router(graph: try osm.graph())
        func side(y: Double) -> StreetSide? {
            router.route(
                RouteRequest(waypoints: [
                    Waypoint(coordinate: OSMFixture.coordinate(x: 10, y: 0)),
                    Waypoint(coordinate: OSMFixture.coordinate(x: 400, y: y)),
                ])
            ).routes.first?.legs.first?.destinationSide
        }
        // Driving east, north is on the left.
        #expect(side(y: 15) == .left)
        #expect(side(y: -15) == .right)
        #expect(side(y: 0) == nil)
    }
}
