import NavTesting
import NavMap
import NavRouting
import Testing

@Suite struct AvoidanceTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var tags: [String: String]
        var nodeTags: [String: String] = [:]
        var avoid: @Sendable (inout RoutingOptions) -> Void
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "toll road", tags: ["highway": "residential", "toll": "yes"], avoid: { $0.avoidsTolls = true }),
        Case(
            name: "toll booth", tags: ["highway": "residential"], nodeTags: ["barrier": "toll_booth"],
            avoid: { $0.avoidsTolls = true }),
        Case(name: "motorway", tags: ["highway": "motorway", "oneway": "no"], avoid: { $0.avoidsHighways = true }),
        Case(name: "trunk", tags: ["highway": "trunk"], avoid: { $0.avoidsHighways = true }),
        Case(name: "ferry", tags: ["route": "ferry"], avoid: { $0.avoidsFerries = true }),
    ]

    @Test(arguments: cases)
    func avoidsWhenAskedAndUsesOtherwise(_ c: Case) throws {
        let osm = RoutingFixtures.directOrDetour(direct: c.tags, directNodeTags: c.nodeTags)
        let plain = try RoutingFixtures.route(osm, RoutingFixtures.west, RoutingFixtures.east)
        #expect(plain.roadNames.contains("Direct Street"), "\(plain.roadNames)")
        var options = RoutingOptions()
        c.avoid(&options)
        let avoiding = try RoutingFixtures.route(osm, RoutingFixtures.west, RoutingFixtures.east, options: options)
        #expect(avoiding.status == .ok)
        #expect(!avoiding.roadNames.contains("Direct Street"), "\(avoiding.roadNames)")
    }

    @Test func avoidanceIsSoftWhenThereIsNoOtherWay() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 500, y: 0)
        osm.way(1, [1, 2], ["highway": "residential", "toll": "yes", "name": "Only Road"])
        let result = try RoutingFixtures.route(
            osm, OSMFixture.coordinate(x: 10, y: 0), OSMFixture.coordinate(x: 490, y: 0),
            options: RoutingOptions(avoidsTolls: true))
        #expect(result.status == .ok)
    }

    @Test func trafficSlowdownSendsTheRouteAround() throws {
        let osm = RoutingFixtures.directOrDetour(direct: ["highway": "residential"])
        let free = try RoutingFixtures.route(osm, RoutingFixtures.west, RoutingFixtures.east)
        #expect(free.roadNames.contains("Direct Street"))
        let jammed = try RoutingFixtures.route(
            osm, RoutingFixtures.west, RoutingFixtures.east,
            options: RoutingOptions(traffic: TrafficSpeedFactors(byWayID: [20: 0.2])))
        #expect(jammed.roadNames.contains("Detour Lane"))
        #expect(!jammed.roadNames.contains("Direct Street"))
    }
}

/// The avoid rule (``Avoidance``): kept when a route without the roads is at most twice as long or 2 km
/// longer; otherwise the fastest route, and the result says which avoids it could not keep.
@Suite struct AvoidanceRuleTests {
    /// A 3 km motorway between two stubs and a parallel local road `detour` metres long.
    static func motorwayOrLocal(detourNorth: Double) -> OSMFixture {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 3_000, y: 0)
        osm.node(3, x: 0, y: detourNorth)
        osm.node(4, x: 3_000, y: detourNorth)
        osm.node(5, x: -100, y: 0)
        osm.node(6, x: 3_100, y: 0)
        osm.way(1, [1, 2], ["highway": "motorway", "oneway": "no", "name": "Motorway"])
        osm.way(2, [1, 3, 4, 2], ["highway": "residential", "name": "Local Road"])
        osm.way(3, [5, 1], ["highway": "residential", "name": "West Stub"])
        osm.way(4, [2, 6], ["highway": "residential", "name": "East Stub"])
        return osm
    }

    static let from = OSMFixture.coordinate(x: -90, y: 0)
    static let to = OSMFixture.coordinate(x: 3_090, y: 0)

    @Test func anEquallyLongLocalRouteIsTakenAlthoughItIsSlower() throws {
        let result = try RoutingFixtures.route(
            Self.motorwayOrLocal(detourNorth: 50), Self.from, Self.to, options: RoutingOptions(avoidsHighways: true))
        #expect(!result.roadNames.contains("Motorway"), "\(result.roadNames)")
        #expect(result.routes.first?.violatedAvoids == [])
    }

    @Test func anUnreasonableDetourIsNotTakenAndTheResultSaysSo() throws {
        // 3 km on the motorway against 3 + 2 × 2.5 = 8 km around: more than twice as long and 2 km longer.
        let result = try RoutingFixtures.route(
            Self.motorwayOrLocal(detourNorth: 2_500), Self.from, Self.to, options: RoutingOptions(avoidsHighways: true))
        #expect(result.roadNames.contains("Motorway"), "\(result.roadNames)")
        #expect(result.routes.first?.violatedAvoids == [.highways])
        let plain = try RoutingFixtures.route(Self.motorwayOrLocal(detourNorth: 2_500), Self.from, Self.to)
        #expect(plain.routes.first?.violatedAvoids == [])
    }

    @Test func withNoOtherWayTheRoadIsUsedAndReported() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 500, y: 0)
        osm.way(1, [1, 2], ["highway": "residential", "toll": "yes", "name": "Only Road"])
        let result = try RoutingFixtures.route(
            osm, OSMFixture.coordinate(x: 10, y: 0), OSMFixture.coordinate(x: 490, y: 0),
            options: RoutingOptions(avoidsTolls: true, avoidsFerries: true))
        #expect(result.routes.first?.violatedAvoids == [.tolls])
    }
}
