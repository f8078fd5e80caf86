import NavCore
import NavMap
import NavRouting
import NavTesting
import Testing

/// Turns cost motor vehicles time (``TurnCosts``): the route a driver would take between two of about the same
/// length is the one with the cheaper turns.
@Suite struct TurnCostTests {
    /// A street from the south ends at a junction with roads east and west; each leads round a corner to the top
    /// street, where the destination lies halfway. The western way round is 10 m shorter:
    ///
    ///     NW ---- D ---- NE
    ///     |               |
    ///     W ----- C ----- E
    ///             |
    ///             S
    static func fork(westShorterBy shortening: Double) -> OSMFixture {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -200)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 150, y: 0)
        osm.node(4, x: 150, y: 150)
        osm.node(5, x: -150 + shortening, y: 0)
        osm.node(6, x: -150 + shortening, y: 150)
        osm.way(40, [1, 2], ["highway": "residential", "name": "South Street"])
        osm.way(41, [2, 3, 4], ["highway": "residential", "name": "East Street"])
        osm.way(42, [2, 5, 6], ["highway": "residential", "name": "West Street"])
        osm.way(43, [6, 4], ["highway": "residential", "name": "Top Street"])
        return osm
    }

    @Test func aRightTurnBeatsALeftTurnAcrossTheOncomingTraffic() throws {
        let destination = OSMFixture.coordinate(x: 5, y: 150)
        let result = try RoutingFixtures.route(
            Self.fork(westShorterBy: 10), OSMFixture.coordinate(x: 0, y: -190), destination)
        #expect(result.status == .ok)
        #expect(result.roadNames == ["South Street", "East Street", "Top Street"], "\(result.roadNames)")
        // Bicycles pay nothing for turning: the shorter way round.
        let cycling = try RoutingFixtures.route(
            Self.fork(westShorterBy: 10), OSMFixture.coordinate(x: 0, y: -190), destination,
            options: RoutingOptions(travelMode: .cycling))
        #expect(cycling.roadNames == ["South Street", "West Street", "Top Street"], "\(cycling.roadNames)")
    }

    @Test func aTrafficSignalOnTheDirectStreetSendsCarsAlongAnEquallyLongBypass() throws {
        // Direct Street runs straight through a signal; Bypass bends 2° and is 0.2 m longer.
        var osm = OSMFixture()
        osm.node(1, x: -100, y: 0)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 150, y: 0, tags: ["highway": "traffic_signals"])
        osm.node(4, x: 300, y: 0)
        osm.node(5, x: 400, y: 0)
        osm.node(6, x: 150, y: 5)
        osm.way(50, [1, 2], ["highway": "residential", "name": "West Stub"])
        osm.way(51, [2, 3, 4], ["highway": "residential", "name": "Direct Street"])
        osm.way(52, [2, 6, 4], ["highway": "residential", "name": "Bypass"])
        osm.way(53, [4, 5], ["highway": "residential", "name": "East Stub"])
        let from = OSMFixture.coordinate(x: -90, y: 0)
        let to = OSMFixture.coordinate(x: 390, y: 0)
        let driving = try RoutingFixtures.route(osm, from, to)
        #expect(driving.roadNames == ["West Stub", "Bypass", "East Stub"], "\(driving.roadNames)")
        let walking = try RoutingFixtures.route(osm, from, to, options: RoutingOptions(travelMode: .walking))
        #expect(walking.roadNames == ["West Stub", "Direct Street", "East Stub"], "\(walking.roadNames)")
    }

    @Test func turningRoundAtADeadEndCostsTwentySecondsMoreThanTheSharpestTurn() throws {
        // A cul-de-sac north off Main Road; the car starts on it heading for its end and must come back.
        var osm = OSMFixture()
        osm.node(1, x: -200, y: 0)
        osm.node(2, x: 0, y: 0)
        osm.node(3, x: 200, y: 0)
        osm.node(4, x: 0, y: 200)
        osm.way(60, [1, 2, 3], ["highway": "residential", "name": "Main Road"])
        osm.way(61, [2, 4], ["highway": "residential", "name": "Cul-de-sac"])
        let router = Router(graph: try osm.graph())
        let start = OSMFixture.coordinate(x: 0, y: 100)
        let result = router.route(
            RouteRequest(waypoints: [
                Waypoint(coordinate: start, heading: 0), Waypoint(coordinate: OSMFixture.coordinate(x: 150, y: 0)),
            ]))
        let route = try #require(result.routes.first)
        #expect(result.roadNames == ["Cul-de-sac", "Main Road"], "\(result.roadNames)")
        // The penalties are the difference between the search's cost and the driving time: turning round at
        // the end (20 s + about 7.5 s for the angle) and turning left into Main Road (about 5.4 s).
        let penaltySeconds = Double(route.cost) / 1000 - route.durationSeconds
        #expect(abs(penaltySeconds - (20 + 7.5 + 5.4)) < 0.5, "\(penaltySeconds) s")
    }

    @Test func aNoUTurnFromAWayOntoItselfStillLetsTrafficGoOnAlongIt() throws {
        // Main Street runs through node 2, where a dead-end side street leaves it; turning round at 2 is banned.
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 200, y: 0)
        osm.node(3, x: 400, y: 0)
        osm.node(4, x: 200, y: 100)
        osm.way(70, [1, 2, 3], ["highway": "residential", "name": "Main Street"])
        osm.way(71, [2, 4], ["highway": "residential", "name": "Side Street"])
        osm.restriction(72, "no_u_turn", from: 70, viaNode: 2, to: 70)
        let result = try RoutingFixtures.route(
            osm, OSMFixture.coordinate(x: 10, y: 0), OSMFixture.coordinate(x: 390, y: 0))
        #expect(result.status == .ok)
        #expect(result.roadNames == ["Main Street"], "\(result.roadNames)")
    }

    @Test func everyRouterAgreesWithDijkstraOnTheCostOfTurns() throws {
        let graph = try Self.fork(westShorterBy: 10).graph()
        let router = Router(graph: graph)
        let request = { (algorithm: RoutingAlgorithm) in
            RouteRequest(
                waypoints: [
                    Waypoint(coordinate: OSMFixture.coordinate(x: 0, y: -190)),
                    Waypoint(coordinate: OSMFixture.coordinate(x: 5, y: 150)),
                ], options: RoutingOptions(algorithm: algorithm))
        }
        let reference = try #require(router.route(request(.dijkstra)).routes.first)
        for algorithm in RoutingAlgorithm.allCases {
            let route = try #require(router.route(request(algorithm)).routes.first)
            #expect(route.cost == reference.cost, "\(algorithm)")
        }
    }
}
