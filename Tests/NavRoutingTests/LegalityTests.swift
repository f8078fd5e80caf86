import NavCore
import NavMap
import NavRouting
import NavTesting
import Testing

/// Destination-only and closed roads (issue 11): through traffic never crosses a destination-only road, but a
/// leg may start or end on one.
@Suite struct LegalityTests {
    static let destinationOnlyValues = ["destination", "delivery", "customers", "private", "permit"]

    @Test(arguments: destinationOnlyValues)
    func destinationOnlyRoadIsNotThroughTraffic(value: String) throws {
        for key in ["access", "vehicle", "motor_vehicle", "motorcar"] {
            let osm = RoutingFixtures.directOrDetour(direct: ["highway": "residential", key: value])
            let result = try RoutingFixtures.route(osm, RoutingFixtures.west, RoutingFixtures.east)
            #expect(result.status == .ok, "\(key)=\(value): \(result.message)")
            #expect(!result.roadNames.contains("Direct Street"), "\(key)=\(value): \(result.roadNames)")
        }
    }

    @Test(arguments: ["no", "agricultural", "forestry", "emergency", "psv", "bus"])
    func closedRoadIsNeverUsedEvenToArrive(value: String) throws {
        let osm = RoutingFixtures.directOrDetour(direct: ["highway": "residential", "motor_vehicle": value])
        let onDirect = OSMFixture.coordinate(x: 150, y: 3)
        let result = try RoutingFixtures.route(osm, RoutingFixtures.west, onDirect)
        #expect(result.status == .ok)
        #expect(!result.roadNames.contains("Direct Street"), "\(value): \(result.roadNames)")
    }

    @Test func destinationOnlyRoadIsUsedToArriveAndToLeave() throws {
        let osm = RoutingFixtures.directOrDetour(direct: ["highway": "residential", "motor_vehicle": "destination"])
        let onDirect = OSMFixture.coordinate(x: 150, y: 3)
        let arriving = try RoutingFixtures.route(osm, RoutingFixtures.west, onDirect)
        #expect(arriving.roadNames == ["West Stub", "Direct Street"], "\(arriving.roadNames)")
        let leaving = try RoutingFixtures.route(osm, onDirect, RoutingFixtures.east)
        #expect(leaving.roadNames == ["Direct Street", "East Stub"], "\(leaving.roadNames)")
        // Within the same destination-only street both ends are in its stretch.
        let along = try RoutingFixtures.route(osm, OSMFixture.coordinate(x: 20, y: 3), onDirect)
        #expect(along.roadNames == ["Direct Street"], "\(along.roadNames)")
    }

    /// A chain open → destination-only → open, whose open ends are also joined by long open roads: a leg from
    /// one end to the other may not cross the middle, so whatever the router answers, no route drives through it.
    /// (Without the open road round, the far end would lie behind the gate: see ``DestinationOnlyZoneTests``.)
    @Test func noLegCrossesADestinationOnlyRoad() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 200, y: 0)
        osm.node(3, x: 400, y: 0)
        osm.node(4, x: 600, y: 0)
        osm.node(5, x: 300, y: 900)
        osm.node(6, x: 300, y: -900)
        osm.node(7, x: 300, y: 1_000)
        osm.way(1, [1, 2], ["highway": "residential", "name": "Open West"])
        osm.way(2, [2, 3], ["highway": "residential", "name": "Gated", "access": "private"])
        osm.way(3, [3, 4], ["highway": "residential", "name": "Open East"])
        // Two roads round make a loop, and a cul-de-sac off it a place to turn round: the open network is one
        // strongly connected whole, as a real one is.
        osm.way(4, [1, 5, 4], ["highway": "residential", "name": "Long Way Round"])
        osm.way(5, [1, 6, 4], ["highway": "residential", "name": "Other Way Round"])
        osm.way(6, [5, 7], ["highway": "residential", "name": "Cul-de-sac"])
        let router = Router(graph: try osm.graph())
        let west = OSMFixture.coordinate(x: 20, y: 0)
        let east = OSMFixture.coordinate(x: 580, y: 0)
        let gate = OSMFixture.coordinate(x: 300, y: 0)
        for mode in [TravelMode.driving, .walking] {
            for (from, to) in [(west, east), (east, west), (west, gate), (gate, east)] {
                let result = router.route(
                    RouteRequest(
                        waypoints: [Waypoint(coordinate: from), Waypoint(coordinate: to)],
                        options: RoutingOptions(travelMode: mode)))
                for leg in result.routes.flatMap(\.legs) {
                    #expect(ThroughTrafficRule.allows(leg.arcs.map { router.graph.isRestricted(mode, onArc: $0) }))
                    #expect(leg.segmentRoadNames != ["Open West", "Gated", "Open East"])
                }
            }
        }
    }

    @Test func theRuleReadsAsItSays() {
        #expect(ThroughTrafficRule.allows([true, true, false, false, true]))
        #expect(ThroughTrafficRule.allows([false, true, true]))
        #expect(!ThroughTrafficRule.allows([false, true, false]))
        #expect(!ThroughTrafficRule.allows([true, false, true, false]))
        for phase in [ThroughTrafficRule.Phase.leavingOrigin, .open, .reachingDestination] {
            for restricted in [false, true] {
                guard let next = ThroughTrafficRule.next(after: phase, enteringRestricted: restricted) else { continue }
                #expect(ThroughTrafficRule.previous(before: next, fromRestricted: phase != .open) == phase)
            }
        }
    }

    @Test func busAndPSVOnlyRoads() throws {
        let busOnly = RoutingFixtures.directOrDetour(direct: [
            "highway": "service", "bus": "designated", "motor_vehicle": "no",
        ])
        #expect(!(try RoutingFixtures.route(busOnly, RoutingFixtures.west, RoutingFixtures.east).roadNames
            .contains("Direct Street")))
        let psvOnly = RoutingFixtures.directOrDetour(direct: ["highway": "residential", "motor_vehicle": "no", "psv": "yes"])
        let driving = try RoutingFixtures.route(psvOnly, RoutingFixtures.west, RoutingFixtures.east)
        #expect(!driving.roadNames.contains("Direct Street"))
        let taxi = try RoutingFixtures.route(
            psvOnly, RoutingFixtures.west, RoutingFixtures.east, options: RoutingOptions(travelMode: .taxi))
        #expect(taxi.roadNames.contains("Direct Street"), "\(taxi.roadNames)")
        let busway = RoutingFixtures.directOrDetour(direct: ["highway": "busway"])
        for mode in [TravelMode.driving, .taxi, .twoWheeler] {
            let result = try RoutingFixtures.route(
                busway, RoutingFixtures.west, RoutingFixtures.east, options: RoutingOptions(travelMode: mode))
            #expect(!result.roadNames.contains("Direct Street"), "\(mode)")
        }
    }

    @Test func cyclingAndWalkingRules() throws {
        let noBikes = RoutingFixtures.directOrDetour(direct: ["highway": "residential", "bicycle": "no"])
        let cycling = RoutingOptions(travelMode: .cycling)
        #expect(
            !(try RoutingFixtures.route(noBikes, RoutingFixtures.west, RoutingFixtures.east, options: cycling).roadNames
                .contains("Direct Street")))
        let noFeet = RoutingFixtures.directOrDetour(direct: ["highway": "residential", "foot": "no"])
        let walking = RoutingOptions(travelMode: .walking)
        #expect(
            !(try RoutingFixtures.route(noFeet, RoutingFixtures.west, RoutingFixtures.east, options: walking).roadNames
                .contains("Direct Street")))
        // Pushing the bicycle along a footway is allowed, at walking pace.
        let dismount = try #require(WayRules(tags: ["highway": "footway", "bicycle": "dismount"]))
        #expect(dismount.forwardModes & TravelMode.cycling.bit != 0)
        #expect(dismount.bicycleSpeed == 5)
        let destinationPath = try #require(WayRules(tags: ["highway": "path", "bicycle": "destination"]))
        #expect(destinationPath.restrictedModes & TravelMode.cycling.bit != 0)
    }
}
