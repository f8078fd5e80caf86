import NavCore
import NavMap
import NavRouting
import Testing

/// Routes across the generated city: the river is crossed only on avenues, the motorway or the ferry.
@Suite struct SyntheticRoutingTests {
    static let network = SyntheticNetwork(nodeCount: 3_600, seed: 9)
    static let router = Router(graph: try! network.graph(), modes: [.driving, .walking])

    func coordinate(row: Int, column: Int) -> Coordinate {
        let graph = Self.router.graph
        return graph.coordinate(ofNode: graph.node(forOSMID: Self.network.nodeID(row: row, column: column))!)
    }

    func route(_ options: RoutingOptions, from: (Int, Int), to: (Int, Int)) -> RouteResult {
        Self.router.route(
            RouteRequest(
                waypoints: [
                    Waypoint(coordinate: coordinate(row: from.0, column: from.1)),
                    Waypoint(coordinate: coordinate(row: to.0, column: to.1)),
                ],
                options: options))
    }

    @Test func ferryCrossingIsUsedUnlessAvoided() {
        let network = Self.network
        let row = network.ferryRow
        let from = (row, network.riverColumn - 1)
        let to = (row, network.riverColumn + 2)
        let plain = route(RoutingOptions(), from: from, to: to)
        #expect(plain.roadNames.contains("River Ferry"))
        #expect(plain.routes.first?.steps.contains { $0.maneuver == .ferry } == true)
        let avoiding = route(RoutingOptions(avoidsFerries: true), from: from, to: to)
        #expect(avoiding.status == .ok)
        #expect(!avoiding.roadNames.contains("River Ferry"))
    }

    @Test func tollMotorwayIsUsedUnlessAvoided() {
        let row = Self.network.motorwayRow - 2
        let (from, to) = ((row, 2), (row, Self.network.side - 3))
        let plain = route(RoutingOptions(), from: from, to: to)
        #expect(plain.roadNames.contains("Toll Motorway"))
        let noTolls = route(RoutingOptions(avoidsTolls: true), from: from, to: to)
        #expect(noTolls.status == .ok)
        #expect(!noTolls.roadNames.contains("Toll Motorway"))
        let noHighways = route(RoutingOptions(avoidsHighways: true), from: from, to: to)
        #expect(!noHighways.roadNames.contains("Toll Motorway"))
    }

    @Test func allAlgorithmsAgree() {
        var random = SeededGenerator(seed: 5)
        let side = Self.network.side
        for _ in 0..<30 {
            let from = (Int(random.next() % UInt64(side)), Int(random.next() % UInt64(side)))
            let to = (Int(random.next() % UInt64(side)), Int(random.next() % UInt64(side)))
            guard from != to else { continue }
            let costs = RoutingAlgorithm.allCases.map {
                route(RoutingOptions(algorithm: $0), from: from, to: to).routes.first?.cost
            }
            #expect(Set(costs).count == 1, "\(from) -> \(to): \(costs)")
        }
    }

    @Test func trafficFactorsAboveOneStayExact() {
        var random = SeededGenerator(seed: 8)
        let graph = Self.router.graph
        var traffic = TrafficSpeedFactors()
        for way in 0..<graph.wayCount where random.nextUnit() < 0.5 {
            traffic.byWayID[graph.osmID(ofWay: way)] = 0.3 + 1.5 * random.nextUnit()
        }
        let side = Self.network.side
        for _ in 0..<15 {
            let from = (Int(random.next() % UInt64(side)), Int(random.next() % UInt64(side)))
            let to = (Int(random.next() % UInt64(side)), Int(random.next() % UInt64(side)))
            guard from != to else { continue }
            let fast = route(RoutingOptions(traffic: traffic), from: from, to: to)
            let reference = route(RoutingOptions(traffic: traffic, algorithm: .dijkstra), from: from, to: to)
            #expect(fast.routes.first?.cost == reference.routes.first?.cost)
        }
    }

    @Test func headingPicksTheStartingDirection() throws {
        // Row 22 is a two-way residential street; start in the middle of a block.
        let start = coordinate(row: 22, column: 5).interpolated(to: coordinate(row: 22, column: 6), fraction: 0.5)
        let target = coordinate(row: 22, column: 2)
        let westward = Self.router.route(
            RouteRequest(waypoints: [
                Waypoint(coordinate: start, heading: 270), Waypoint(coordinate: target),
            ]))
        let eastward = Self.router.route(
            RouteRequest(waypoints: [
                Waypoint(coordinate: start, heading: 90), Waypoint(coordinate: target),
            ]))
        let west = try #require(westward.routes.first)
        let east = try #require(eastward.routes.first)
        #expect(west.distanceMeters < east.distanceMeters, "starting eastwards means turning around later")
    }

    /// Found by the `fuzz-osm` target: at walking pace a segment across half the globe takes longer than a
    /// UInt32 of milliseconds, and preparing the router trapped.
    @Test func segmentLongerThanTheWeightRangeDoesNotTrap() throws {
        let data = OSMData(
            nodes: [1: .init(latitude: 60, longitude: 25), 2: .init(latitude: -60, longitude: -155)],
            ways: [.init(id: 1, nodeIDs: [1, 2], tags: ["highway": "footway"])])
        let router = Router(graph: try RoadGraphBuilder.build(data, source: "half the globe"), landmarkCount: 1)
        let result = router.route(
            RouteRequest(
                waypoints: [Waypoint(latitude: 60, longitude: 25), Waypoint(latitude: -60, longitude: -155)],
                options: RoutingOptions(travelMode: .walking)))
        #expect(result.status != .internalError)
    }
}
