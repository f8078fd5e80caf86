import Foundation
import NavCore
import NavMap
@testable import NavRouting
import Testing

/// The travel modes' connectivity and the turn costs saved with a map at import: read back they are what the
/// router would work out, a router started with them answers as one that worked them out, and a damaged,
/// truncated or foreign file is refused, after which the router works them out and still answers the same.
@Suite struct ModeNetworkFileTests {
    static let graph = HierarchyTests.graph

    static func pairs(_ seed: UInt64) -> [[Coordinate]] {
        HierarchyTests.pairs(count: 20, seed: seed).map { [$0.0, $0.1] }
    }

    /// Routes of `router` have the status and cost of those of a router that worked everything out itself.
    static func expectSameAnswers(_ router: Router, _ reference: Router, mode: TravelMode, seed: UInt64) -> Int {
        var found = 0
        for stops in pairs(seed) {
            let request = RouteRequest(
                waypoints: stops.map { Waypoint(coordinate: $0) }, options: RoutingOptions(travelMode: mode))
            let answer = router.route(request)
            let expected = reference.route(request)
            #expect(answer.status == expected.status)
            #expect(answer.routes.first?.cost == expected.routes.first?.cost)
            if answer.status == .ok { found += 1 }
        }
        return found
    }

    static let reference = Router(graph: graph, modes: [.driving, .walking, .cycling], landmarkCount: 0)

    @Test func savedConnectivityIsWhatTheRouterWorksOut() throws {
        let map = try SavedMetricTests.PreparedMap("modes", graph: Self.graph)
        defer { map.remove() }
        let saved = try ModeNetworkFile.read(path: ModeNetworkFile.sidecarPath(forGraph: map.graphPath), for: Self.graph)
        let supported = TravelMode.allCases.filter { Self.graph.supports($0) }
        #expect(Set(saved.connectivity.keys) == Set(supported))
        for mode in supported {
            #expect(
                saved.connectivity[mode]?.savedFlags == ModeConnectivity(graph: Self.graph, mode: mode).savedFlags,
                "\(mode)")
        }
        let turns = TurnCosts(graph: Self.graph)
        #expect(saved.turns?.departure == turns.departure)
        #expect(saved.turns?.arrival == turns.arrival)
        #expect(saved.turns?.nodeBits == turns.nodeBits)
        let router = try MapPreparation.router(forMapAt: map.graphPath)
        for (index, mode) in [TravelMode.driving, .walking, .cycling].enumerated() {
            #expect(Self.expectSameAnswers(router, Self.reference, mode: mode, seed: 60 + UInt64(index)) > 12)
        }
    }

    @Test func aDamagedTruncatedOrForeignFileIsRefused() throws {
        let map = try SavedMetricTests.PreparedMap("modes-damaged", graph: Self.graph)
        let other = try SavedMetricTests.PreparedMap(
            "modes-other", graph: try RegionalNetwork(nodeCount: 1_600, seed: 8).graph())
        defer {
            map.remove()
            other.remove()
        }
        let path = ModeNetworkFile.sidecarPath(forGraph: map.graphPath)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        func refused(_ bytes: Data) -> Bool {
            guard (try? bytes.write(to: URL(fileURLWithPath: path))) != nil else { return false }
            return (try? ModeNetworkFile.read(path: path, for: Self.graph)) == nil
        }
        var flipped = good
        flipped[good.count / 2] ^= 0x04
        #expect(refused(flipped))
        #expect(refused(good.prefix(good.count - 9)))
        #expect(refused(Data()))
        #expect(refused(try Data(contentsOf: URL(fileURLWithPath: ModeNetworkFile.sidecarPath(forGraph: other.graphPath)))))
        // The saved file of this graph, read for another graph.
        #expect(refused(good) == false)
        #expect((try? ModeNetworkFile.read(path: path, for: other.graphOnDisk())) == nil)

        // A router on the map with a damaged file works the connectivity out and answers the same.
        try flipped.write(to: URL(fileURLWithPath: path))
        let router = try MapPreparation.router(forMapAt: map.graphPath)
        #expect(Self.expectSameAnswers(router, Self.reference, mode: .driving, seed: 63) > 12)
    }
}

extension SavedMetricTests.PreparedMap {
    /// The graph as read back from the map file.
    func graphOnDisk() throws -> RoadGraph { try RoadGraphFile.read(path: graphPath) }
}
