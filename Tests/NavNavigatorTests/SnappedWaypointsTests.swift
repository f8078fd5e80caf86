import Foundation
import NavNavigator
import NavProtocol
import Testing

/// The control API says where waypoints joined the roads, and refuses positions far from any road (issue 11).
@Suite("Snapped waypoints in the control API")
struct SnappedWaypointsTests {
    /// Out in the harbour south of the Market Square, about 690 m from the nearest street of the sample map.
    static let harbour = Waypoint(title: "Harbour", latitude: 60.1590, longitude: 24.9600)

    @Test("router.route and setDestinations report each waypoint's snap distance")
    func snapDistances() throws {
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        let navigator = harness.navigator
        let response = navigator.route(RouteRequest(waypoints: [ControlTests.station, ControlTests.senate]))
        #expect(response.routeStatus == .ok)
        let snapped = try #require(response.waypoints)
        #expect(snapped.count == 2)
        #expect(snapped.allSatisfy { $0.distanceMeters >= 0 && $0.distanceMeters < 100 })
        harness.send(ControlTests.fix(at: ControlTests.station))
        let result = navigator.setDestinations(SetDestinationsParams(waypoints: [ControlTests.senate]))
        #expect(result.routeStatus == .ok)
        #expect(result.waypoints?.count == 2)
        #expect(result.waypoints?.last?.distanceMeters == snapped.last?.distanceMeters)
        // Senate Square lies off the street, so the leg knows on which side, in router.route and on the bus.
        let side = try #require(response.routes.first?.legs.last?.destinationSide)
        #expect(harness.routeChanges.last?.routeLegs.last?.destinationSide == side)
    }

    @Test("a destination far from every road is a waypointError with a reason; the vehicle's own position is locationUnavailable")
    func farFromRoads() throws {
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        let navigator = harness.navigator
        let response = navigator.route(RouteRequest(waypoints: [ControlTests.station, Self.harbour]))
        #expect(response.routeStatus == .waypointError)
        #expect(response.message?.contains("at most 500 m") == true, "\(response.message ?? "")")
        harness.send(ControlTests.fix(at: ControlTests.station))
        let toHarbour = navigator.setDestinations(SetDestinationsParams(waypoints: [Self.harbour]))
        #expect(toHarbour.routeStatus == .waypointError)
        harness.send(ControlTests.fix(at: Self.harbour, time: 1_795_950_010))
        let fromHarbour = navigator.setDestinations(SetDestinationsParams(waypoints: [ControlTests.kamppi]))
        #expect(fromHarbour.routeStatus == .locationUnavailable)
        #expect(fromHarbour.message?.isEmpty == false)
    }
}
