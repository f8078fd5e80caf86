import NavCore
import NavMap
import NavRouting
import NavTesting
import Testing

/// A car park or a quay whose only way to the map's roads is a destination-only road is a zone behind that road,
/// even where it runs on beyond the map's edge or its ferry leaves the map (issue 11): a driver parked there leaves
/// by the driveway, one heading there arrives by it, and nobody drives through it.
@Suite struct MapEdgeZoneTests {
    ///     1 ------------- West Road ------------- 2 ----- North Road (long way round) ------ 3
    ///     |                                                                                  |
    ///     |                 12 (Shore Close)                           13 (Harbour Close)   |
    ///     |                 |                                           |                    |
    ///     4 -- Shore Road - 5                                           6 -- Harbour Road -- 7
    ///                       |                                           |
    ///                  West Driveway                               East Driveway
    ///                       |                                           |
    ///                       8 ---------- Parking Aisle --- 10 --------- 9
    ///                                                      |
    ///                                                  Aisle Out
    ///                                                      |
    ///                                                      11 --> (beyond the map's edge)
    ///
    /// The driveways are `service=driveway` (destination-only), the aisles `service=parking_aisle` without access
    /// tags, and Aisle Out runs on to node 99, which the extract left out. The closes are cul-de-sacs where a car
    /// turns round.
    static func carPark() -> OSMFixture {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 600, y: 0)
        osm.node(3, x: 1_200, y: 0)
        osm.node(4, x: 0, y: -200)
        osm.node(5, x: 300, y: -200)
        osm.node(6, x: 900, y: -200)
        osm.node(7, x: 1_200, y: -200)
        osm.node(8, x: 300, y: -300)
        osm.node(9, x: 900, y: -300)
        osm.node(10, x: 600, y: -300)
        osm.node(11, x: 600, y: -400)
        osm.node(12, x: 300, y: -100)
        osm.node(13, x: 900, y: -100)
        osm.way(1, [1, 2], ["highway": "residential", "name": "West Road"])
        osm.way(2, [2, 3], ["highway": "residential", "name": "North Road"])
        osm.way(3, [1, 4, 5], ["highway": "residential", "name": "Shore Road"])
        osm.way(4, [3, 7, 6], ["highway": "residential", "name": "Harbour Road"])
        osm.way(5, [5, 8], ["highway": "service", "service": "driveway", "name": "West Driveway"])
        osm.way(6, [6, 9], ["highway": "service", "service": "driveway", "name": "East Driveway"])
        osm.way(7, [8, 10, 9], ["highway": "service", "service": "parking_aisle", "name": "Parking Aisle"])
        osm.way(8, [10, 11, 99], ["highway": "service", "service": "parking_aisle", "name": "Aisle Out"])
        osm.way(9, [5, 12], ["highway": "residential", "name": "Shore Close"])
        osm.way(10, [6, 13], ["highway": "residential", "name": "Harbour Close"])
        return osm
    }

    static let inCarPark = OSMFixture.coordinate(x: 450, y: -303)
    static let onAisleOut = OSMFixture.coordinate(x: 603, y: -380)
    static let onShoreRoad = OSMFixture.coordinate(x: 150, y: -197)
    static let onHarbourRoad = OSMFixture.coordinate(x: 1_050, y: -197)

    @Test func aTripFromACarParkRunningOffTheMapLeavesByItsDriveway() throws {
        let router = Router(graph: try Self.carPark().graph())
        for start in [Self.inCarPark, Self.onAisleOut] {
            let leaving = router.route(
                RouteRequest(waypoints: [Waypoint(coordinate: start), Waypoint(coordinate: Self.onShoreRoad)]))
            #expect(leaving.status == .ok, "\(leaving.message)")
            #expect((leaving.waypoints.first?.position.distanceMeters ?? .infinity) < 5)
            #expect(leaving.roadNames.contains("West Driveway"), "\(leaving.roadNames)")
            #expect(leaving.roadNames.last == "Shore Road", "\(leaving.roadNames)")
        }
    }

    @Test func aTripToACarParkRunningOffTheMapArrivesByItsDriveway() throws {
        let router = Router(graph: try Self.carPark().graph())
        let arriving = router.route(
            RouteRequest(waypoints: [Waypoint(coordinate: Self.onHarbourRoad), Waypoint(coordinate: Self.inCarPark)]))
        #expect(arriving.status == .ok, "\(arriving.message)")
        #expect(arriving.roadNames == ["Harbour Road", "East Driveway", "Parking Aisle"], "\(arriving.roadNames)")
        #expect((arriving.waypoints.last?.position.distanceMeters ?? .infinity) < 5)
    }

    /// Shore Road to Harbour Road is 1,000 m through the car park and 1,800 m by the roads: still the roads.
    @Test func theCarParkIsNoShortcut() throws {
        let router = Router(graph: try Self.carPark().graph())
        for (from, to) in [(Self.onShoreRoad, Self.onHarbourRoad), (Self.onHarbourRoad, Self.onShoreRoad)] {
            let result = router.route(RouteRequest(waypoints: [Waypoint(coordinate: from), Waypoint(coordinate: to)]))
            #expect(result.status == .ok, "\(result.message)")
            #expect(result.roadNames.contains("North Road"), "\(result.roadNames)")
            #expect(!result.roadNames.contains("Parking Aisle"), "\(result.roadNames)")
            for leg in result.routes.flatMap(\.legs) {
                #expect(ThroughTrafficRule.allows(leg.arcs.map { router.graph.isRestricted(.driving, onArc: $0) }))
            }
        }
    }

    ///     1 ------------- Market Street ------------- 2
    ///                          |
    ///                     Quay Lane (motor_vehicle=destination)
    ///                          |
    ///                          3 ---- Quay ---- 4 ~~~~ Island Ferry ~~~~> (beyond the map's edge)
    static func quay() -> OSMFixture {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 600, y: 0)
        osm.node(5, x: 300, y: 0)
        osm.node(3, x: 300, y: -200)
        osm.node(4, x: 500, y: -200)
        osm.node(6, x: 900, y: -400)
        osm.way(1, [1, 5, 2], ["highway": "residential", "name": "Market Street"])
        osm.way(2, [5, 3], ["highway": "service", "motor_vehicle": "destination", "name": "Quay Lane"])
        osm.way(3, [3, 4], ["highway": "service", "name": "Quay"])
        osm.way(4, [4, 6, 98], ["route": "ferry", "motor_vehicle": "yes", "name": "Island Ferry"])
        return osm
    }

    @Test func aTripFromAQuayWhoseFerryLeavesTheMapLeavesByTheLane() throws {
        let router = Router(graph: try Self.quay().graph())
        let onQuay = OSMFixture.coordinate(x: 400, y: -197)
        let onMarketStreet = OSMFixture.coordinate(x: 100, y: 3)
        let leaving = router.route(
            RouteRequest(waypoints: [Waypoint(coordinate: onQuay), Waypoint(coordinate: onMarketStreet)]))
        #expect(leaving.status == .ok, "\(leaving.message)")
        #expect(leaving.roadNames == ["Quay", "Quay Lane", "Market Street"], "\(leaving.roadNames)")
        let arriving = router.route(
            RouteRequest(waypoints: [Waypoint(coordinate: onMarketStreet), Waypoint(coordinate: onQuay)]))
        #expect(arriving.status == .ok, "\(arriving.message)")
        #expect(arriving.roadNames == ["Market Street", "Quay Lane", "Quay"], "\(arriving.roadNames)")
    }
}
