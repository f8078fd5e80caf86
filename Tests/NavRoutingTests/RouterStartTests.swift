import Foundation
import NavCore
import NavMap
@testable import NavRouting
import Testing

/// A router that prepares its travel modes and landmark tables after it has started answers exactly what
/// one prepared up front answers, before and after that preparation ends; a prepared map reports each step
/// of its preparation and loads graph and sidecars together.
@Suite struct RouterStartTests {
    static let graph = HierarchyTests.graph

    static func pairs(_ seed: UInt64) -> [[Coordinate]] {
        HierarchyTests.pairs(count: 15, seed: seed).map { [$0.0, $0.1] }
    }

    @Test func backgroundPreparationAnswersLikeUpFront() throws {
        let router = Router(
            graph: Self.graph, modes: [.driving, .walking], landmarkCount: 4, preparation: .inBackground(first: .driving))
        let upFront = Router(graph: Self.graph, modes: [.driving, .walking], landmarkCount: 4)
        #expect(router.supports(.walking))
        #expect(!router.supports(.cycling))
        let cycling = router.route(
            RouteRequest(waypoints: Self.pairs(40)[0].map { Waypoint(coordinate: $0) }, options: .init(travelMode: .cycling)))
        #expect(cycling.status == .travelModeUnsupported)
        // Requests straight away: the hierarchy answers, the reference search agrees.
        #expect(HierarchyTests.expectExact(router, RoutingOptions(), waypoints: Self.pairs(41)) > 8)
        HierarchyTests.expectExact(router, RoutingOptions(travelMode: .walking), waypoints: Self.pairs(42))
        #expect(router.waitUntilPrepared(seconds: 300))
        #expect(router.isPrepared)
        // With the landmark tables in: the landmark search gives the costs it gives on a router prepared up front.
        var landmarks = RoutingOptions()
        landmarks.algorithm = .landmarks
        for stops in Self.pairs(43) {
            let request = RouteRequest(waypoints: stops.map { Waypoint(coordinate: $0) }, options: landmarks)
            let late = router.route(request)
            let early = upFront.route(request)
            #expect(late.status == early.status)
            #expect(late.routes.first?.cost == early.routes.first?.cost)
        }
        HierarchyTests.expectExact(router, landmarks, waypoints: Self.pairs(44))
    }

    @Test func preparationReportsEachStepInOrder() throws {
        let graphPath = NSTemporaryDirectory() + "navbus-steps-\(getpid()).navgraph"
        let paths = [
            graphPath, HierarchyFile.sidecarPath(forGraph: graphPath), HierarchyMetricFile.sidecarPath(forGraph: graphPath),
            ModeNetworkFile.sidecarPath(forGraph: graphPath),
        ]
        defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
        try RoadGraphFile.write(Self.graph, to: graphPath)
        var reports: [MapImportProgress] = []
        let prepared = try MapPreparation.prepare(Self.graph, graphPath: graphPath) { reports.append($0) }
        #expect(prepared.savedMetric)
        #expect(reports.allSatisfy { $0.phase == .preparing })
        var steps: [MapImportProgress.PreparationStep] = []
        for step in reports.compactMap(\.step) where steps.last != step { steps.append(step) }
        #expect(steps == [.travelModes, .ordering, .contracting, .writingHierarchy, .customizing, .writingMetric])
        let lastContracted = reports.last { $0.step == .contracting }
        #expect(lastContracted?.processed == Self.graph.arcCount)
        #expect(lastContracted?.total == Self.graph.arcCount)
    }

    @Test func aPreparedMapStartsInTheBackgroundWithItsSavedMetric() throws {
        let map = try SavedMetricTests.PreparedMap("background", graph: Self.graph)
        let other = try SavedMetricTests.PreparedMap("background-other", graph: try RegionalNetwork(nodeCount: 1_600, seed: 8).graph())
        defer {
            map.remove()
            other.remove()
        }
        // The saved metric brings its pruned query graph: nothing is customized again after loading.
        let hierarchy = try HierarchyFile.read(path: HierarchyFile.sidecarPath(forGraph: map.graphPath))
        #expect(try HierarchyMetricFile.read(path: map.metricPath, for: hierarchy).metric.queryGraph != nil)
        let router = try MapPreparation.router(forMapAt: map.graphPath, preparation: .inBackground(first: .driving))
        // Answered straight away, on the hierarchy or, while it is still being read, by the reference search.
        #expect(HierarchyTests.expectExact(router, RoutingOptions(), waypoints: Self.pairs(45)) > 8)
        #expect(router.waitUntilPrepared(seconds: 300))
        #expect(router.isCustomized(for: RoutingOptions()))
        let answered = router.legSearchCounts.onHierarchy
        HierarchyTests.expectExact(router, RoutingOptions(), waypoints: Self.pairs(47))
        #expect(router.legSearchCounts.onHierarchy > answered)

        // Another map's hierarchy beside the graph is not used: the router builds its own for this graph.
        let sidecar = HierarchyFile.sidecarPath(forGraph: map.graphPath)
        try FileManager.default.removeItem(atPath: sidecar)
        try FileManager.default.copyItem(atPath: HierarchyFile.sidecarPath(forGraph: other.graphPath), toPath: sidecar)
        let rebuilt = try MapPreparation.router(forMapAt: map.graphPath)
        #expect(rebuilt.hierarchy?.graphFingerprint == ContractionHierarchy.fingerprint(of: Self.graph))
        #expect(!rebuilt.isCustomized(for: RoutingOptions()))
        HierarchyTests.expectExact(rebuilt, RoutingOptions(), waypoints: Self.pairs(46))
        // The same in the background: the reference search answers while the router builds its own.
        let late = try MapPreparation.router(forMapAt: map.graphPath, preparation: .inBackground(first: .driving))
        HierarchyTests.expectExact(late, RoutingOptions(), waypoints: Self.pairs(48))
        #expect(late.waitUntilPrepared(seconds: 300))
        #expect(late.hierarchy?.graphFingerprint == ContractionHierarchy.fingerprint(of: Self.graph))
    }

    @Test func aHierarchyArrivingLateTakesOverFromTheReferenceSearch() throws {
        let map = try SavedMetricTests.PreparedMap("arriving", graph: Self.graph)
        defer { map.remove() }
        let hierarchy = try HierarchyFile.read(path: HierarchyFile.sidecarPath(forGraph: map.graphPath))
        let saved = try HierarchyMetricFile.read(path: map.metricPath, for: hierarchy)
        let networks = RouterNetworks(graph: Self.graph, modes: [.driving], landmarkCount: 0, preparation: .upFront)
        let router = Router(
            graph: Self.graph, places: PlacesCatalogue(), hierarchy: .none, networks: networks, hierarchyArrives: true)
        #expect(!router.isPrepared)
        #expect(!router.waitUntilPrepared(seconds: 0.05))
        #expect(router.hierarchy == nil)
        #expect(!router.isCustomized(for: RoutingOptions()))
        #expect(HierarchyTests.expectExact(router, RoutingOptions(), waypoints: Self.pairs(49)) > 8)
        #expect(router.legSearchCounts.onHierarchy == 0)

        router.attach(.preparedWithMetric(hierarchy, saved))
        #expect(router.waitUntilPrepared(seconds: 0))
        #expect(router.isPrepared)
        #expect(router.isCustomized(for: RoutingOptions()))
        #expect(HierarchyTests.expectExact(router, RoutingOptions(), waypoints: Self.pairs(50)) > 8)
        #expect(router.legSearchCounts.onHierarchy > 8)
    }

    @Test func aLongEarlySearchWaitsForTheHierarchyAndStopsWhenItArrives() throws {
        let hierarchy = try #require(HierarchyTests.router.hierarchy)
        let arriving = ArrivingHierarchy.expected()
        let check = arriving.stopWhenArrived(isCanceled: nil)
        // A short search goes on undisturbed.
        for _ in 1..<ArrivingHierarchy.pollsBeforeWaiting { #expect(!check()) }
        // A long one waits, and stops because the hierarchy has come.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { arriving.settle(hierarchy) }
        #expect(check())
        #expect(!arriving.isExpected)

        // When none is coming (the sidecars were refused), the search goes on at once.
        let refused = ArrivingHierarchy.expected()
        let goOn = refused.stopWhenArrived(isCanceled: nil)
        refused.settle(nil)
        for _ in 0..<(2 * ArrivingHierarchy.pollsBeforeWaiting) { #expect(!goOn()) }
        // The caller's cancellation is heard throughout.
        #expect(ArrivingHierarchy.expected().stopWhenArrived(isCanceled: { true })())
    }
}
