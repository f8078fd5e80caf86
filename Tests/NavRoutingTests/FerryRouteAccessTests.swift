import NavCore
import NavTesting
import NavMap
import NavRouting
import Testing

/// Who may board a ferry is often said only on its route relation: the passenger boat across Monaco's port (way
/// 166399542) has no access tags of its own, its relation 2218012 says `motor_vehicle=no`, and cars were routed
/// across the harbour on it (the held-out Monaco map, 2,882 m by boat where OSRM drives 531 m).
@Suite struct FerryRouteAccessTests {
    /// The direct way across is a ferry; the detour is a street.
    func harbour(wayTags: [String: String] = [:], relationTags: [String: String]?) -> OSMFixture {
        var osm = RoutingFixtures.directOrDetour(direct: ["route": "ferry"].merging(wayTags) { _, new in new })
        if let relationTags { osm.route(900, ways: [20], ["route": "ferry"].merging(relationTags) { a, _ in a }) }
        return osm
    }

    @Test("a ferry its route relation closes to motor vehicles carries no cars, and still carries people on foot")
    func relationClosesTheFerry() throws {
        let open = try RoutingFixtures.route(
            harbour(relationTags: nil), RoutingFixtures.west, RoutingFixtures.east)
        #expect(open.roadNames.contains("Direct Street"), "without the relation the ferry is open: \(open.roadNames)")

        let osm = harbour(relationTags: ["motor_vehicle": "no", "foot": "yes"])
        let driving = try RoutingFixtures.route(osm, RoutingFixtures.west, RoutingFixtures.east)
        #expect(driving.status == .ok)
        #expect(!driving.roadNames.contains("Direct Street"), "\(driving.roadNames)")
        let walking = try RoutingFixtures.route(
            osm, RoutingFixtures.west, RoutingFixtures.east, options: RoutingOptions(travelMode: .walking))
        #expect(walking.roadNames.contains("Direct Street"), "\(walking.roadNames)")
    }

    @Test("the way's own access tags win over its relation's")
    func wayTagsWin() throws {
        let osm = harbour(wayTags: ["motor_vehicle": "yes"], relationTags: ["motor_vehicle": "no"])
        let driving = try RoutingFixtures.route(osm, RoutingFixtures.west, RoutingFixtures.east)
        #expect(driving.roadNames.contains("Direct Street"), "\(driving.roadNames)")
    }

    @Test("a waypoint in the water beside a ferry line goes onto the road by the quay, never onto the ferry")
    func noWaypointOnAFerry() throws {
        // 10 m from the ferry line across, 90 m from the street round the harbour.
        let inTheWater = OSMFixture.coordinate(x: 150, y: 10)
        for (mode, osm) in [
            (TravelMode.driving, harbour(relationTags: nil)),
            (.walking, harbour(relationTags: ["motor_vehicle": "no", "foot": "yes"])),
        ] {
            let router = Router(graph: try osm.graph())
            let snapped = try #require(router.snap(inTheWater, mode: mode, role: .destination))
            #expect(abs(snapped.distanceMeters - 90) < 1, "\(mode): snapped \(snapped.distanceMeters) m away")
        }
    }
}
