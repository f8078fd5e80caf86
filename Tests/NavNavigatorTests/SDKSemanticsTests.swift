import NavCore
import Foundation
import NavMap
import NavNavigator
import NavProtocol
import Testing

/// The navigator's methods and events as the SDK guides describe them.
@Suite("SDK semantics")
struct SDKSemanticsTests {
    static let station = NavProtocol.Waypoint(title: "Central Station", latitude: 60.17100, longitude: 24.94140)
    static let senate = NavProtocol.Waypoint(title: "Senate Square", latitude: 60.16950, longitude: 24.95220)
    static let kamppi = NavProtocol.Waypoint(title: "Kamppi", latitude: 60.16880, longitude: 24.93200)

    /// `count` distinct road places near the centre, as waypoints.
    static func places(_ count: Int, seed: UInt64) throws -> [NavProtocol.Waypoint] {
        var planner = TripPlanner(map: try HelsinkiMap.map(), seed: seed)
        var found: [NavProtocol.Waypoint] = []
        let centre = Coordinate(latitude: station.latitude!, longitude: station.longitude!)
        while found.count < count {
            let point = planner.randomPoint()
            guard point.distance(to: Coordinate(latitude: 60.170, longitude: 24.940)) < 1_200,
                found.allSatisfy({ point.distance(to: Coordinate(latitude: $0.latitude!, longitude: $0.longitude!)) > 100 }),
                // A stop the map can route to and on from: not on a street that only leads out of the map.
                planner.routeLegs(from: centre, to: [point, centre]) != nil
            else { continue }
            found.append(NavProtocol.Waypoint(title: "Stop \(found.count)", latitude: point.latitude, longitude: point.longitude))
        }
        return found
    }

    @Test("setDestinations takes 25 destinations besides the vehicle's position; 26 are a waypointError")
    func twentyFiveDestinations() throws {
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        harness.send(ControlTests.fix(at: Self.station))
        let stops = try Self.places(26, seed: 4)
        let navigator = harness.navigator
        #expect(
            navigator.setDestinations(SetDestinationsParams(waypoints: Array(stops), routingOptions: nil)).routeStatus
                == .waypointError)
        let status = navigator.setDestinations(
            SetDestinationsParams(waypoints: Array(stops.prefix(25)), routingOptions: NavProtocol.RoutingOptions(alternateRoutesStrategy: .noAlternates)))
        #expect(status.routeStatus == .ok)
        #expect(navigator.state(VehicleParams()).routeLegs.count == 25)
        let request = NavProtocol.RouteRequest(waypoints: [Self.station] + stops.prefix(25), alternateRoutesStrategy: .noAlternates)
        #expect(navigator.route(request).routeStatus == .ok, "router.route takes the origin plus 25")
    }

    @Test("setDestinations offers alternatives by default, none with noAlternates, and per leg on multi-stop trips")
    func alternates() throws {
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        harness.send(ControlTests.fix(at: Self.station))
        let navigator = harness.navigator
        // A destination the router knows other ways to, as router.route with strategy all tells.
        let stops = try Self.places(12, seed: 8)
        let far = try #require(
            stops.first { navigator.route(NavProtocol.RouteRequest(waypoints: [Self.station, $0], alternateRoutesStrategy: .all)).routes.count > 1 })
        let expected = navigator.route(NavProtocol.RouteRequest(waypoints: [Self.station, far], alternateRoutesStrategy: .all))
        _ = navigator.setDestinations(SetDestinationsParams(waypoints: [far]))
        let single = try #require(harness.routeChanges.last)
        let alternatives = try #require(single.alternateRoutes)
        #expect(alternatives.count == expected.routes.count - 1)
        let route = single.routeLegs[0]
        #expect(alternatives.allSatisfy { $0.legs.count == 1 && $0.durationSeconds >= route.durationSeconds - 0.5 })

        _ = navigator.setDestinations(
            SetDestinationsParams(
                waypoints: [Self.senate], routingOptions: NavProtocol.RoutingOptions(alternateRoutesStrategy: .noAlternates)))
        #expect(harness.routeChanges.last?.alternateRoutes == [])

        // A two-stop trip with another way for one of its legs: which trips have one within the 25 % an alternative
        // may cost more depends on the search's turn costs, so the test looks for one rather than naming it.
        var found: RouteChanged?
        for stop in [far] + stops where found == nil {
            _ = navigator.setDestinations(
                SetDestinationsParams(
                    waypoints: [Self.kamppi, stop], routingOptions: NavProtocol.RoutingOptions(alternateRoutesStrategy: .one)))
            if let change = harness.routeChanges.last, change.alternateRoutes?.isEmpty == false { found = change }
        }
        let multi = try #require(found, "no alternative for any two-stop trip")
        let other = try #require(multi.alternateRoutes?.first)
        #expect(multi.alternateRoutes?.count == 1)
        #expect(other.legs.count == 2)
        let differing = zip(other.legs, multi.routeLegs).filter { abs($0.distanceMeters - $1.distanceMeters) > 0.5 }
        #expect(differing.count == 1, "an alternative differs from the route in one leg")
    }

    @Test("nav.location.v1 comes with every fix while guiding, and without guidance only after startUpdatingLocation")
    func locationUpdates() throws {
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        let navigator = harness.navigator
        var time = 1_795_950_000.0
        func locations() -> Int {
            time += 1
            return harness.send(ControlTests.fix(at: Self.station, time: time)).count {
                if case .location = $0.payload { true } else { false }
            }
        }
        #expect(locations() == 0, "no guidance, no startUpdatingLocation")
        _ = navigator.setDestinations(SetDestinationsParams(waypoints: [Self.senate]))
        _ = navigator.setGuidanceActive(SetGuidanceActiveParams(active: true))
        #expect(locations() == 1, "guidance shows the vehicle's progress")
        _ = navigator.setUpdatingLocation(false, VehicleParams())
        #expect(locations() == 1, "stopUpdatingLocation stops the updates outside guidance only")
        _ = navigator.setGuidanceActive(SetGuidanceActiveParams(active: false))
        #expect(locations() == 0)
        _ = navigator.setUpdatingLocation(true, VehicleParams())
        #expect(locations() == 1, "free drive after startUpdatingLocation")
    }
}
