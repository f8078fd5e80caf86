import NavCore
import NavTesting
import Foundation
import NavMap
import NavRouting
import Testing

@Suite struct RouteStatusTests {
    static let router: Router = {
        Router(
            graph: try! RoutingFixtures.crossroads().graph(),
            places: PlacesCatalogue(places: [
                "home": .init(
                    title: "Home", latitude: RoutingFixtures.south.latitude, longitude: RoutingFixtures.south.longitude)
            ]))
    }()

    func route(_ waypoints: [Waypoint], _ options: RoutingOptions = RoutingOptions()) -> RouteResult {
        Self.router.route(RouteRequest(waypoints: waypoints, options: options))
    }

    @Test func rawValuesAreTheWireNames() {
        #expect(
            RouteStatus.allCases.map(\.rawValue) == [
                "OK", "noRouteFound", "noWaypointsError", "duplicateWaypointsError", "waypointError",
                "locationUnavailable", "travelModeUnsupported", "canceled", "internalError",
            ])
    }

    @Test func noWaypoints() {
        #expect(route([]).status == .noWaypointsError)
    }

    @Test func tooManyWaypointsSaysSo() {
        var waypoints: [Waypoint] = []
        for i in 0..<26 {
            waypoints.append(Waypoint(coordinate: OSMFixture.coordinate(x: 0, y: -190 + Double(i) * 10)))
        }
        let result = route(waypoints)
        #expect(result.status == .waypointError)
        #expect(result.message.contains("25"))
    }

    @Test func twentyFiveWaypointsAreFine() {
        let waypoints = (0..<25).map { Waypoint(coordinate: OSMFixture.coordinate(x: 0, y: -190 + Double($0) * 15)) }
        let result = route(waypoints)
        #expect(result.status == .ok)
        #expect(result.routes.first?.legs.count == 24)
    }

    @Test func duplicateConsecutiveWaypoints() {
        let result = route([Waypoint(coordinate: RoutingFixtures.south), Waypoint(coordinate: RoutingFixtures.south)])
        #expect(result.status == .duplicateWaypointsError)
        let places = route([Waypoint(placeID: "home"), Waypoint(placeID: "home")])
        #expect(places.status == .duplicateWaypointsError)
    }

    @Test func unknownPlaceIsAWaypointError() {
        let result = route([Waypoint(coordinate: RoutingFixtures.south), Waypoint(placeID: "nowhere")])
        #expect(result.status == .waypointError)
        #expect(result.message.contains("nowhere"))
        #expect(
            route([Waypoint(coordinate: RoutingFixtures.south), Waypoint(placeID: "osm:node/999999")]).status
                == .waypointError)
    }

    @Test func placesByCatalogueAndOSMElement() throws {
        let result = route([Waypoint(placeID: "home"), Waypoint(placeID: "osm:node/4")])
        #expect(result.status == .ok)
        #expect(result.roadNames == ["Southway", "Eastway"])
        let byWay = route([Waypoint(placeID: "home"), Waypoint(placeID: "osm:way/13")])
        #expect(byWay.status == .ok)
        #expect(byWay.roadNames.last == "Westway")
    }

    @Test func placesCatalogueFile() throws {
        let path = try TemporaryDirectory.make() + "/places.json"
        try #"{"office": {"title": "Office", "latitude": 60.0, "longitude": 25.001}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let catalogue = try PlacesCatalogue(contentsOf: URL(fileURLWithPath: path))
        #expect(catalogue["office"]?.title == "Office")
        #expect(catalogue["office"]?.longitude == 25.001)
    }

    @Test func noRouteOutOfAOnewayDeadEnd() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 300, y: 0)
        osm.node(3, x: 300, y: 300)
        osm.way(1, [1, 2], ["highway": "residential"])
        osm.way(2, [2, 3], ["highway": "residential", "oneway": "yes"])
        let router = Router(graph: try osm.graph())
        let snapped = router.route(
            RouteRequest(waypoints: [
                Waypoint(coordinate: OSMFixture.coordinate(x: 300, y: 290)),
                Waypoint(coordinate: OSMFixture.coordinate(x: 10, y: 0)),
            ]))
        #expect(snapped.status == .ok, "coordinates snap onto roads that lead somewhere")
        let result = router.route(
            RouteRequest(waypoints: [
                Waypoint(placeID: "osm:way/2"), Waypoint(coordinate: OSMFixture.coordinate(x: 10, y: 0)),
            ]))
        #expect(result.status == .noRouteFound)
        #expect(!result.message.isEmpty)
    }

    @Test func travelModeWithoutRoads() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 300, y: 0)
        osm.way(1, [1, 2], ["highway": "footway"])
        let result = try RoutingFixtures.route(
            osm, OSMFixture.coordinate(x: 10, y: 0), OSMFixture.coordinate(x: 290, y: 0),
            options: RoutingOptions(travelMode: .driving))
        #expect(result.status == .travelModeUnsupported)
    }

    @Test func cancellationStopsALongSearch() throws {
        let network = SyntheticNetwork(nodeCount: 10_000, seed: 2)
        let router = Router(graph: try network.graph(), modes: [.driving], landmarkCount: 4)
        let corner = router.graph.coordinate(ofNode: 0)
        let opposite = router.graph.coordinate(ofNode: router.graph.nodeCount - 1)
        let result = router.route(
            RouteRequest(
                waypoints: [Waypoint(coordinate: corner), Waypoint(coordinate: opposite)],
                options: RoutingOptions(algorithm: .dijkstra)),
            isCanceled: { true })
        #expect(result.status == .canceled)
    }

    @Test func multiWaypointTripHasOneLegPerPair() {
        let result = route([
            Waypoint(coordinate: RoutingFixtures.south), Waypoint(coordinate: RoutingFixtures.eastEnd),
            Waypoint(coordinate: RoutingFixtures.northEnd),
        ])
        #expect(result.status == .ok)
        let legs = result.routes.first?.legs ?? []
        #expect(legs.count == 2)
        #expect(legs.first?.steps.last?.instruction == "You have arrived at your waypoint")
        #expect(legs.last?.steps.last?.instruction == "You have arrived at your destination")
        let total = legs.reduce(0) { $0 + $1.distanceMeters }
        #expect(abs((result.routes.first?.distanceMeters ?? 0) - total) < 0.001)
    }
}
