import Foundation
import NavCore
import NavMap
@testable import NavRouting
import Testing

/// The metric saved beside the hierarchy at import: a navigator map loaded with it answers default
/// requests without customizing, other travel states are customized on demand, and a damaged or foreign
/// metric file is refused rather than trusted — with routes exact against plain Dijkstra throughout.
@Suite struct SavedMetricTests {
    static let graph = HierarchyTests.graph

    /// A prepared map in a temporary directory: graph, hierarchy, metric and travel-mode sidecars.
    struct PreparedMap {
        let graphPath: String
        var metricPath: String { HierarchyMetricFile.sidecarPath(forGraph: graphPath) }

        init(_ name: String, graph: RoadGraph) throws {
            graphPath = NSTemporaryDirectory() + "navbus-metric-\(getpid())-\(name).navgraph"
            try RoadGraphFile.write(graph, to: graphPath)
            try MapPreparation.prepare(graph, graphPath: graphPath)
        }

        func remove() {
            for path in [
                graphPath, HierarchyFile.sidecarPath(forGraph: graphPath), metricPath,
                ModeNetworkFile.sidecarPath(forGraph: graphPath),
            ] {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    static func pairs(_ seed: UInt64) -> [[Coordinate]] {
        HierarchyTests.pairs(count: 20, seed: seed).map { [$0.0, $0.1] }
    }

    @Test func savedMetricAnswersDefaultRequestsWithoutCustomizing() throws {
        let map = try PreparedMap("roundtrip", graph: Self.graph)
        defer { map.remove() }
        #expect(FileManager.default.fileExists(atPath: map.metricPath))
        let router = try MapPreparation.router(forMapAt: map.graphPath)
        #expect(router.isCustomized(for: RoutingOptions()))
        #expect(!router.isCustomized(for: RoutingOptions(travelMode: .walking)))
        let found = HierarchyTests.expectExact(router, RoutingOptions(), waypoints: Self.pairs(31))
        #expect(found > 10)
        let hierarchy = try #require(router.hierarchy)
        let saved = try HierarchyMetricFile.read(path: map.metricPath, for: hierarchy)
        #expect(saved.travelMode == MapPreparation.savedMetricMode)
        // Used in place in the mapped file, not copied.
        let query = try #require(saved.metric.queryGraph)
        #expect(saved.metric.upMiddle.isMapped && saved.metric.downMiddle.isMapped)
        #expect(query.forwardArcs.isMapped && query.backwardArcs.isMapped && query.forwardOffsets.isMapped)
    }

    /// A navigator keeps answering when its map's files are replaced or removed under it (a new import): the
    /// metric it uses in place stays mapped.
    @Test func aRouterOutlivesTheFilesItWasLoadedFrom() throws {
        let map = try PreparedMap("outlive", graph: Self.graph)
        let router = try MapPreparation.router(forMapAt: map.graphPath)
        #expect(router.isCustomized(for: RoutingOptions()))
        map.remove()
        let found = HierarchyTests.expectExact(router, RoutingOptions(), waypoints: Self.pairs(37))
        #expect(found > 10)
    }

    @Test func trafficAndAvoidFlagsAreCustomizedOnTopOfTheSavedMetric() throws {
        let map = try PreparedMap("recustomize", graph: Self.graph)
        defer { map.remove() }
        let router = try MapPreparation.router(forMapAt: map.graphPath)
        let traffic = RoutingOptions(traffic: HierarchyTests.traffic(seed: 32))
        #expect(!router.isCustomized(for: traffic))
        HierarchyTests.expectExact(router, traffic, waypoints: Self.pairs(33))
        #expect(router.isCustomized(for: traffic))
        HierarchyTests.expectExact(router, RoutingOptions(avoidsTolls: true), waypoints: Self.pairs(34))
        // Back to free flow: customized again from the graph, same routes as the saved metric gave.
        HierarchyTests.expectExact(router, RoutingOptions(), waypoints: Self.pairs(35))
    }

    @Test func damagedOrForeignMetricFilesAreRefused() throws {
        let map = try PreparedMap("damaged", graph: Self.graph)
        let other = try PreparedMap("foreign", graph: try RegionalNetwork(nodeCount: 1_600, seed: 6).graph())
        defer {
            map.remove()
            other.remove()
        }
        let hierarchy = try HierarchyFile.read(path: HierarchyFile.sidecarPath(forGraph: map.graphPath))
        let good = try Data(contentsOf: URL(fileURLWithPath: map.metricPath))
        func code(_ bytes: Data) throws -> MapError.Code? {
            try bytes.write(to: URL(fileURLWithPath: map.metricPath))
            do {
                _ = try HierarchyMetricFile.read(path: map.metricPath, for: hierarchy)
                return nil
            } catch let error as MapError {
                return error.code
            }
        }
        var flipped = good
        flipped[flipped.count / 2] ^= 0x10
        #expect(try code(flipped) == .corrupt)
        #expect(try code(good.prefix(good.count - 64)) == .truncated)
        var version = good
        version[8] &+= 1
        #expect(try code(version) == .versionMismatch)
        #expect(try code(try Data(contentsOf: URL(fileURLWithPath: other.metricPath))) == .corrupt)

        // The navigator map then customizes on demand and stays exact.
        try flipped.write(to: URL(fileURLWithPath: map.metricPath))
        let router = try MapPreparation.router(forMapAt: map.graphPath)
        #expect(router.hierarchy != nil)
        #expect(!router.isCustomized(for: RoutingOptions()))
        HierarchyTests.expectExact(router, RoutingOptions(), waypoints: Self.pairs(36))
        #expect(try code(good) == nil)
    }
}
