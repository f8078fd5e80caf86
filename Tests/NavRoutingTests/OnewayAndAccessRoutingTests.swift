import NavCore
import NavMap
import NavRouting
import Testing

@Suite struct OnewayAndAccessRoutingTests {
    struct Case: Sendable, CustomStringConvertible {
        var tags: [String: String]
        var mode: TravelMode
        var eastbound: Bool
        var usesDirect: Bool
        var description: String { "\(tags) \(mode) \(eastbound ? "east" : "west")bound" }
    }

    static let cases: [Case] = [
        Case(tags: ["highway": "residential", "oneway": "yes"], mode: .driving, eastbound: true, usesDirect: true),
        Case(tags: ["highway": "residential", "oneway": "yes"], mode: .driving, eastbound: false, usesDirect: false),
        Case(tags: ["highway": "residential", "oneway": "-1"], mode: .driving, eastbound: true, usesDirect: false),
        Case(tags: ["highway": "residential", "oneway": "-1"], mode: .driving, eastbound: false, usesDirect: true),
        Case(
            tags: ["highway": "residential", "junction": "roundabout"], mode: .driving, eastbound: false,
            usesDirect: false),
        Case(tags: ["highway": "motorway"], mode: .driving, eastbound: false, usesDirect: false),
        Case(tags: ["highway": "motorway"], mode: .driving, eastbound: true, usesDirect: true),
        Case(tags: ["highway": "residential", "oneway": "yes"], mode: .walking, eastbound: false, usesDirect: true),
        Case(
            tags: ["highway": "residential", "oneway": "yes", "oneway:bicycle": "no"], mode: .cycling, eastbound: false,
            usesDirect: true),
        Case(
            tags: ["highway": "residential", "oneway": "yes", "oneway:bicycle": "no"], mode: .driving, eastbound: false,
            usesDirect: false),
        Case(
            tags: ["highway": "residential", "oneway": "reversible"], mode: .driving, eastbound: true, usesDirect: false
        ),
        Case(
            tags: ["highway": "residential", "access": "private"], mode: .driving, eastbound: true, usesDirect: false),
        Case(tags: ["highway": "residential", "access": "no"], mode: .walking, eastbound: true, usesDirect: false),
        Case(
            tags: ["highway": "residential", "motor_vehicle": "no"], mode: .driving, eastbound: true, usesDirect: false),
        Case(
            tags: ["highway": "residential", "motor_vehicle": "no"], mode: .cycling, eastbound: true, usesDirect: true),
        Case(tags: ["highway": "residential", "motorcar": "no"], mode: .twoWheeler, eastbound: true, usesDirect: true),
        Case(tags: ["highway": "residential", "motorcar": "no"], mode: .taxi, eastbound: true, usesDirect: false),
        Case(tags: ["highway": "residential", "bicycle": "no"], mode: .cycling, eastbound: true, usesDirect: false),
        Case(tags: ["highway": "residential", "foot": "no"], mode: .walking, eastbound: true, usesDirect: false),
        Case(tags: ["highway": "footway"], mode: .walking, eastbound: true, usesDirect: true),
        Case(tags: ["highway": "footway"], mode: .driving, eastbound: true, usesDirect: false),
        Case(tags: ["highway": "busway", "taxi": "yes"], mode: .taxi, eastbound: true, usesDirect: true),
        Case(tags: ["highway": "busway", "taxi": "yes"], mode: .driving, eastbound: true, usesDirect: false),
    ]

    @Test(arguments: cases)
    func followsOnewayAndAccessRules(_ c: Case) throws {
        let osm = RoutingFixtures.directOrDetour(direct: c.tags)
        let (from, to) =
            c.eastbound ? (RoutingFixtures.west, RoutingFixtures.east) : (RoutingFixtures.east, RoutingFixtures.west)
        let result = try RoutingFixtures.route(osm, from, to, options: RoutingOptions(travelMode: c.mode))
        #expect(result.status == .ok, "\(result.message)")
        #expect(result.roadNames.contains("Direct Street") == c.usesDirect, "\(result.roadNames)")
        #expect(result.roadNames.contains("Detour Lane") != c.usesDirect, "\(result.roadNames)")
    }
}
