import Foundation
import NavBus
import NavMap
import NavNavigator
import NavProtocol
import Testing

/// The control methods' answers and statuses.
@Suite("Control API")
struct ControlTests {
    static let kamppi = Waypoint(title: "Kamppi", latitude: 60.16880, longitude: 24.93200)
    static let station = Waypoint(title: "Central Station", latitude: 60.17100, longitude: 24.94140)
    static let senate = Waypoint(title: "Senate Square", latitude: 60.16950, longitude: 24.95220)

    static func fix(at waypoint: Waypoint, time: Double = 1_795_950_000) -> GPSFix {
        GPSFix(
            latitude: waypoint.latitude!, longitude: waypoint.longitude!, speed: 0, horizontalAccuracy: 5,
            timestamp: Timestamp(secondsSince1970: time), source: "test")
    }

    @Test("setDestinations plans from the latest fix: locationUnavailable without one")
    func setDestinationsStatuses() throws {
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        let navigator = harness.navigator
        #expect(
            navigator.setDestinations(SetDestinationsParams(waypoints: [Self.kamppi])).routeStatus
                == .locationUnavailable)
        harness.send(Self.fix(at: Self.station))
        #expect(navigator.setDestinations(SetDestinationsParams(waypoints: [])).routeStatus == .noWaypointsError)
        #expect(
            navigator.setDestinations(SetDestinationsParams(waypoints: Array(repeating: Self.kamppi, count: 26)))
                .routeStatus
                == .waypointError)
        #expect(
            navigator.setDestinations(SetDestinationsParams(waypoints: [Waypoint(title: "?", placeID: "nowhere")]))
                .routeStatus
                == .waypointError)
        #expect(
            navigator.setDestinations(SetDestinationsParams(waypoints: [Self.kamppi, Self.senate])).routeStatus == .ok)
        let state = navigator.state(VehicleParams())
        #expect(state.routeLegs.map(\.destination) == [Self.kamppi, Self.senate])
        #expect(state.navState == .stopped)
        #expect(harness.routeChanges.map(\.reason) == [.newDestinations])
        #expect(harness.routeChanges.first?.routeLegs.first?.segmentSpeeds?.isEmpty == false)
    }

    @Test("router.route: statuses for 0, 1 and duplicate waypoints; legs, steps and geometry when OK")
    func routeQueries() throws {
        let navigator = try NavigatorHarness(map: try HelsinkiMap.map()).navigator
        #expect(navigator.route(RouteRequest(waypoints: [])).routeStatus == .noWaypointsError)
        #expect(navigator.route(RouteRequest(waypoints: [Self.kamppi])).routeStatus == .waypointError)
        #expect(
            navigator.route(RouteRequest(waypoints: [Self.kamppi, Self.kamppi])).routeStatus == .duplicateWaypointsError
        )
        let response = navigator.route(
            RouteRequest(waypoints: [Self.station, Self.kamppi, Self.senate], travelMode: .driving))
        #expect(response.routeStatus == .ok)
        let route = try #require(response.routes.first)
        #expect(route.legs.map(\.destination) == [Self.kamppi, Self.senate])
        #expect(route.steps.first?.maneuver.type == .depart)
        #expect(route.steps.last?.maneuver.type == .arrive)
        #expect(route.steps.allSatisfy { $0.geometry.coordinates.count >= 2 })
        #expect(abs(route.legs.reduce(0) { $0 + $1.distanceMeters } - route.distanceMeters) < 0.01)
        let alternatives = navigator.route(
            RouteRequest(waypoints: [Self.station, Self.senate], alternateRoutesStrategy: .all))
        #expect(alternatives.routes.count >= 1)
    }

    @Test("configure changes only the given options and rejects negative thresholds")
    func configure() throws {
        let navigator = try NavigatorHarness(map: try HelsinkiMap.map()).navigator
        let changed = try navigator.configure(
            ConfigureNavigatorParams(
                vehicle: "v", timeUpdateThreshold: 10, distanceUpdateThreshold: 100,
                speedAlertOptions: .init(majorPercentage: 15)))
        #expect(changed.timeUpdateThreshold == 10)
        #expect(changed.speedAlertOptions.majorPercentage == 15)
        #expect(changed.speedAlertOptions.minorPercentage == 5)
        #expect(navigator.state(VehicleParams(vehicle: "v")).configuration == changed)
        #expect(navigator.state(VehicleParams(vehicle: "other")).configuration == .defaults)
        let error = #expect(throws: InvalidConfiguration.self) {
            try navigator.configure(ConfigureNavigatorParams(vehicle: "v", distanceUpdateThreshold: -1))
        }
        #expect(error?.parameter == "distanceUpdateThreshold")
    }

    @Test("continuing past the last destination answers noWaypointsError; clearing drops the route")
    func continueAndClear() throws {
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        let navigator = harness.navigator
        #expect(harness.startTrip(from: Self.fix(at: Self.station), to: [Self.kamppi, Self.senate]) == .ok)
        let next = navigator.continueToNextDestination(VehicleParams())
        #expect(next.routeStatus == .ok)
        #expect(next.nextDestination == Self.senate)
        #expect(navigator.state(VehicleParams()).guidanceActive == false)
        #expect(navigator.state(VehicleParams()).currentRouteLegIndex == 1)
        #expect(navigator.continueToNextDestination(VehicleParams()).routeStatus == .noWaypointsError)
        #expect(navigator.clearDestinations(VehicleParams()).ok)
        #expect(harness.routeChanges.map(\.reason) == [.newDestinations, .nextDestination, .cleared])
        #expect(harness.routeChanges.last?.routeLegs.isEmpty == true)
        #expect(navigator.state(VehicleParams()).navState == .idle)
    }

    @Test("fixes of different vehicles drive different sessions; malformed fixes are counted, not used")
    func sessionsPerVehicle() throws {
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        harness.send(Self.fix(at: Self.station), vehicle: "a")
        harness.send(Self.fix(at: Self.kamppi), vehicle: "b")
        var broken = Self.fix(at: Self.kamppi)
        broken.latitude = 123
        harness.send(broken, vehicle: "c")
        #expect(harness.navigator.vehicles == ["a", "b"])
        #expect(harness.counters.value("malformedFixes") == 1)
        _ = harness.navigator.setUpdatingLocation(true, VehicleParams(vehicle: "b"))
        let events = harness.send(Self.fix(at: Self.kamppi, time: 1_795_950_001), vehicle: "b")
        #expect(events.map(\.vehicle) == ["b"])
        #expect(events.map(\.topic) == [.navLocation])
        #expect(
            harness.navigator.setDestinations(SetDestinationsParams(vehicle: "a", waypoints: [Self.kamppi])).routeStatus
                == .ok)
        #expect(harness.navigator.state(VehicleParams(vehicle: "b")).routeLegs.isEmpty)
    }

    @Test("remaining distance is published only after changing by the distance threshold")
    func distanceThreshold() throws {
        let map = try HelsinkiMap.map()
        var planner = TripPlanner(map: map, seed: 51)
        let leg = planner.randomTrip(lengths: 1_000...2_000)
        var trace = RouteTrace(seed: 51, sigma: 3)
        trace.drive(leg.coordinates, speeds: leg.segmentSpeeds)
        let harness = try NavigatorHarness(map: map)
        _ = try harness.navigator.configure(
            ConfigureNavigatorParams(timeUpdateThreshold: 10, distanceUpdateThreshold: 100))
        let destination = leg.destination.coordinate
        _ = harness.startTrip(
            from: trace.samples[0].fix,
            to: [Waypoint(title: "D", latitude: destination.latitude, longitude: destination.longitude)])
        for sample in trace.samples.dropFirst() { harness.send(sample.fix) }
        let distances = harness.events.compactMap {
            if case .remainingDistance(let d) = $0.payload { d.meters } else { nil }
        }
        #expect(distances.count >= 5)
        #expect(zip(distances, distances.dropFirst()).allSatisfy { abs($0 - $1) >= 100 }, "\(distances)")
        let times = harness.remainingTimes
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($0 - $1) >= 10 }, "\(times)")
    }
}
