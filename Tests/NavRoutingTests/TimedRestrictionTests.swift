import NavCore
import NavMap
import NavRouting
import NavTesting
import Testing

/// A turn restriction signed for some hours binds a route that sets off while it is in force, and only then.
@Suite struct TimedRestrictionTests {
    static let tuesdayMorning = WeekTime(weekday: 1, minute: 8 * 60)
    static let saturdayNoon = WeekTime(weekday: 5, minute: 12 * 60)
    static let detour = ["Southway", "Northway", "Ringway", "Eastway"]
    static let direct = ["Southway", "Eastway"]

    /// The crossroads with no right turn from Southway into Eastway on weekdays 07–18, tagged either way OSM does.
    static func crossroads(conditional: Bool) -> OSMFixture {
        var osm = RoutingFixtures.crossroads()
        osm.restriction(90, "no_right_turn", from: 10, viaNode: 1, to: 12)
        let last = osm.relations.count - 1
        if conditional {
            osm.relations[last].tags["restriction"] = nil
            osm.relations[last].tags["restriction:conditional"] = "no_right_turn @ (Mo-Fr 07:00-18:00)"
        } else {
            osm.relations[last].tags.merge(["day_on": "Mo", "day_off": "Fr", "hour_on": "7", "hour_off": "18"]) { $1 }
        }
        return osm
    }

    static func names(
        _ router: Router, at departure: WeekTime?, algorithm: RoutingAlgorithm = .automatic,
        to destination: Coordinate = RoutingFixtures.eastEnd
    ) -> [String] {
        router.route(
            RouteRequest(
                waypoints: [Waypoint(coordinate: RoutingFixtures.south), Waypoint(coordinate: destination)],
                options: RoutingOptions(algorithm: algorithm, departure: departure))
        ).roadNames
    }

    @Test(arguments: [false, true]) func theTurnIsBannedOnlyWhileTheSignSaysSo(conditional: Bool) throws {
        let router = Router(graph: try Self.crossroads(conditional: conditional).graph())
        for algorithm in RoutingAlgorithm.allCases {
            #expect(Self.names(router, at: Self.tuesdayMorning, algorithm: algorithm) == Self.detour, "\(algorithm)")
            #expect(Self.names(router, at: Self.saturdayNoon, algorithm: algorithm) == Self.direct, "\(algorithm)")
        }
        #expect(Self.names(router, at: nil) == Self.detour, "without a departure time the sign always holds")
    }

    @Test func theHierarchyAnswersUnlessItsRouteMakesATurnBannedAtThatTime() throws {
        // To the ring road beyond Eastway, so that the banned turn lies inside the hierarchy's part of the leg (at
        // the leg's ends the local searches know the windows themselves).
        let router = Router(graph: try Self.crossroads(conditional: false).graph())
        let corner = RoutingFixtures.ringCorner
        #expect(Self.names(router, at: Self.saturdayNoon, to: corner) == ["Southway", "Eastway", "Ringway"])
        #expect(router.legSearchCounts.onHierarchy == 1 && router.legSearchCounts.timedRestrictionFallbacks == 0)
        #expect(Self.names(router, at: Self.tuesdayMorning, to: corner) == ["Southway", "Northway", "Ringway"])
        #expect(router.legSearchCounts.onHierarchy == 1 && router.legSearchCounts.timedRestrictionFallbacks == 1)
        #expect(router.legSearchCounts.fallbacks == 0, "a metric was ready all along")
        #expect(
            Self.names(router, at: Self.tuesdayMorning, algorithm: .dijkstra, to: corner)
                == ["Southway", "Northway", "Ringway"])
    }

    @Test func aGraphFileKeepsTheTimeWindow() throws {
        let path = try TemporaryDirectory.make() + "/crossroads.navgraph"
        try RoadGraphFile.write(try Self.crossroads(conditional: false).graph(), to: path)
        let graph = try RoadGraphFile.read(path: path)
        #expect(graph.timedRestrictions.count == 1)
        #expect(graph.turnRestrictions.isEmpty, "not kept as a fixed restriction")
        let router = Router(graph: graph)
        #expect(Self.names(router, at: Self.tuesdayMorning) == Self.detour)
        #expect(Self.names(router, at: Self.saturdayNoon) == Self.direct)
    }

    @Test func aConditionThatIsNotATimeLeavesTheRestrictionOut() throws {
        var osm = Self.crossroads(conditional: true)
        osm.relations[osm.relations.count - 1].tags["restriction:conditional"] = "no_right_turn @ (weight>7.5)"
        let router = Router(graph: try osm.graph())
        #expect(Self.names(router, at: Self.tuesdayMorning) == Self.direct)
    }
}
