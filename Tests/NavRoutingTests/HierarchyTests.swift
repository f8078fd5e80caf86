import Foundation
import NavCore
import NavMap
import NavRouting
import Testing

/// The contraction hierarchy behind the automatic search: same costs as plain Dijkstra on a region with a
/// road hierarchy (pockets, dead ends, one-way streets, motorways with links) under every kind of metric
/// change, and the saved hierarchy is checked before it is trusted.
@Suite struct HierarchyTests {
    static let network = RegionalNetwork(nodeCount: 3_600, seed: 5)
    static let graph = try! network.graph()
    static let router = Router(graph: graph, modes: [.driving, .walking, .cycling], landmarkCount: 0)

    static func pairs(count: Int, seed: UInt64) -> [(Coordinate, Coordinate)] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            (
                graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount))),
                graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount)))
            )
        }
    }

    /// Per-way factors between 0.3 and 1.8: traffic slower and faster than free flow.
    static func traffic(seed: UInt64) -> TrafficSpeedFactors {
        var random = SeededGenerator(seed: seed)
        var traffic = TrafficSpeedFactors()
        for way in 0..<graph.wayCount where random.nextUnit() < 0.5 {
            traffic.byWayID[graph.osmID(ofWay: way)] = 0.3 + 1.5 * random.nextUnit()
        }
        return traffic
    }

    /// Compares the automatic search with plain Dijkstra; returns how many routes were found.
    @discardableResult
    static func expectExact(
        _ router: Router, _ options: RoutingOptions, waypoints: [[Coordinate]], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var found = 0
        for stops in waypoints {
            let request = stops.map { Waypoint(coordinate: $0) }
            let fast = router.route(RouteRequest(waypoints: request, options: options))
            var reference = options
            reference.algorithm = .dijkstra
            let slow = router.route(RouteRequest(waypoints: request, options: reference))
            #expect(fast.status == slow.status, sourceLocation: sourceLocation)
            if fast.status == .ok, slow.status == .ok {
                #expect(fast.routes[0].cost == slow.routes[0].cost, "\(stops)", sourceLocation: sourceLocation)
                #expect(fast.routes[0].legs.count == stops.count - 1, sourceLocation: sourceLocation)
                found += 1
            }
        }
        return found
    }

    @Test func routerHasAHierarchy() {
        #expect(Self.router.hierarchy != nil)
        #expect((Self.router.hierarchy?.vertexCount ?? 0) == Self.graph.arcCount)
    }

    @Test(arguments: [TravelMode.driving, .walking, .cycling])
    func freeFlowMatchesDijkstra(_ mode: TravelMode) {
        let pairs = Self.pairs(count: 60, seed: 11).map { [$0.0, $0.1] }
        let found = Self.expectExact(Self.router, RoutingOptions(travelMode: mode), waypoints: pairs)
        #expect(found >= 45)
    }

    @Test func avoidSetsMatchDijkstra() {
        let pairs = Self.pairs(count: 40, seed: 12).map { [$0.0, $0.1] }
        Self.expectExact(Self.router, RoutingOptions(avoidsHighways: true), waypoints: pairs)
        Self.expectExact(Self.router, RoutingOptions(avoidsTolls: true), waypoints: pairs)
        Self.expectExact(Self.router, RoutingOptions(), waypoints: pairs)
    }

    @Test func trafficChangesRecustomizeTheSameRouter() {
        let pairs = Self.pairs(count: 40, seed: 13).map { [$0.0, $0.1] }
        for seed in [1, 2] as [UInt64] {
            Self.expectExact(Self.router, RoutingOptions(traffic: Self.traffic(seed: seed)), waypoints: pairs)
        }
        Self.expectExact(Self.router, RoutingOptions(), waypoints: pairs)
    }

    @Test func heavyTrafficOnMainRoadsIsPricedExactly() {
        // Every motorway and arterial way at a tenth of its speed: the customized metric must see it.
        let graph = Self.graph
        var traffic = TrafficSpeedFactors()
        for way in 0..<graph.wayCount where graph.highwayClass(ofWay: way) != .residential {
            traffic.byWayID[graph.osmID(ofWay: way)] = 0.1
        }
        let from = graph.coordinate(ofNode: graph.node(forOSMID: Self.network.gridNodeID(row: 5, column: 0))!)
        let to = graph.coordinate(
            ofNode: graph.node(forOSMID: Self.network.gridNodeID(row: 55, column: Self.network.side - 1))!)
        let waypoints = [Waypoint(coordinate: from), Waypoint(coordinate: to)]
        let free = Self.router.route(RouteRequest(waypoints: waypoints))
        let slowed = Self.router.route(RouteRequest(waypoints: waypoints, options: RoutingOptions(traffic: traffic)))
        #expect(free.status == .ok && slowed.status == .ok)
        #expect(free.routes.first?.durationSeconds ?? 0 < slowed.routes.first?.durationSeconds ?? 0)
        Self.expectExact(Self.router, RoutingOptions(traffic: traffic), waypoints: [[from, to]])
    }

    @Test func multiWaypointLegsMatchDijkstra() {
        let stops = Self.pairs(count: 30, seed: 14)
        let trips = stride(from: 0, to: stops.count - 2, by: 3).map { [stops[$0].0, stops[$0 + 1].1, stops[$0 + 2].0] }
        let found = Self.expectExact(Self.router, RoutingOptions(), waypoints: trips)
        #expect(found >= trips.count / 2)
    }

    @Test func alternativesStartWithTheFastestRoute() {
        for (a, b) in Self.pairs(count: 10, seed: 15) {
            let waypoints = [Waypoint(coordinate: a), Waypoint(coordinate: b)]
            let result = Self.router.route(
                RouteRequest(waypoints: waypoints, options: RoutingOptions(alternateRoutes: .all)))
            let reference = Self.router.route(
                RouteRequest(waypoints: waypoints, options: RoutingOptions(algorithm: .dijkstra)))
            guard result.status == .ok, reference.status == .ok else { continue }
            #expect(result.routes[0].cost == reference.routes[0].cost)
            for alternative in result.routes.dropFirst() { #expect(alternative.cost >= result.routes[0].cost) }
        }
    }

    // MARK: The saved hierarchy

    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "navbus-hierarchy-\(getpid())-\(name)"
    }

    @Test func savedHierarchyRoutesLikeAFreshOne() throws {
        let path = Self.temporaryPath("roundtrip.cch")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let hierarchy = try #require(Self.router.hierarchy)
        try HierarchyFile.write(hierarchy, to: path)
        let loaded = try HierarchyFile.read(path: path, for: Self.graph)
        #expect(loaded.edgeCount == hierarchy.edgeCount)
        let router = Router(graph: Self.graph, modes: [.driving], landmarkCount: 0, hierarchy: .prepared(loaded))
        #expect(router.hierarchy != nil)
        let pairs = Self.pairs(count: 30, seed: 16).map { [$0.0, $0.1] }
        Self.expectExact(router, RoutingOptions(), waypoints: pairs)
    }

    @Test func damagedOrForeignHierarchyFilesAreRefused() throws {
        let path = Self.temporaryPath("damaged.cch")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let hierarchy = try #require(Self.router.hierarchy)
        try HierarchyFile.write(hierarchy, to: path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))

        var flipped = bytes
        flipped[flipped.count / 2] ^= 0x40
        try flipped.write(to: URL(fileURLWithPath: path))
        #expect(throws: MapError.self) { try HierarchyFile.read(path: path) }
        #expect((try? HierarchyFile.read(path: path)) == nil)
        do { _ = try HierarchyFile.read(path: path) } catch let error as MapError { #expect(error.code == .corrupt) }

        try bytes.prefix(bytes.count - 100).write(to: URL(fileURLWithPath: path))
        do { _ = try HierarchyFile.read(path: path) } catch let error as MapError { #expect(error.code == .truncated) }

        bytes[8] &+= 1
        try bytes.write(to: URL(fileURLWithPath: path))
        do { _ = try HierarchyFile.read(path: path) } catch let error as MapError {
            #expect(error.code == .versionMismatch)
        }

        bytes[8] &-= 1
        try bytes.write(to: URL(fileURLWithPath: path))
        let other = try RegionalNetwork(nodeCount: 1_600, seed: 6).graph()
        do { _ = try HierarchyFile.read(path: path, for: other) } catch let error as MapError {
            #expect(error.code == .corrupt)
        }
        // A router handed a hierarchy of another graph ignores it and stays exact.
        let router = Router(graph: other, modes: [.driving], landmarkCount: 0, hierarchy: .prepared(hierarchy))
        #expect(router.hierarchy == nil)
    }

    @Test func importWritesAHierarchyTheNavigatorMapUses() throws {
        let graphPath = Self.temporaryPath("map.navgraph")
        defer {
            try? FileManager.default.removeItem(atPath: graphPath)
            try? FileManager.default.removeItem(atPath: HierarchyFile.sidecarPath(forGraph: graphPath))
        }
        try RoadGraphFile.write(Self.graph, to: graphPath)
        var phases: [MapImportProgress.Phase] = []
        try MapPreparation.prepare(Self.graph, graphPath: graphPath) { phases.append($0.phase) }
        #expect(phases.contains(.preparing))
        let router = try MapPreparation.router(forMapAt: graphPath)
        #expect(router.hierarchy?.graphFingerprint == ContractionHierarchy.fingerprint(of: Self.graph))
    }
}
