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
