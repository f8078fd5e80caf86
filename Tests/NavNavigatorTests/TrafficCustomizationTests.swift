import Foundation
import NavCore
import NavMap
import NavNavigator
import NavProtocol
@testable import NavRouting
import Testing

/// On a map large enough to customize in the background, a traffic update has the router start customizing
/// for it as soon as it arrives, before any route is asked for.
@Suite("Traffic customization")
struct TrafficCustomizationTests {
    @Test("a traffic update starts the customization for the new factors without a route request")
    func trafficUpdateStartsTheCustomization() throws {
        let graph = try RegionalNetwork(nodeCount: 1_500, seed: 3).graph()
        // A limit of no edges makes this small map customize as a large one does.
        let router = Router(
            graph: graph, places: PlacesCatalogue(), hierarchy: .build,
            networks: RouterNetworks(graph: graph, modes: [.driving], landmarkCount: 0, preparation: .upFront),
            inlineEdgeLimit: 0)
        let harness = try NavigatorHarness(map: NavigatorMap(router: router))
        let ways = (0..<graph.wayCount).map { graph.osmID(ofWay: $0) }
        harness.navigator.updateTraffic(
            TrafficConditions(
                provider: "test",
                conditions: [
                    TrafficCondition(
                        wayIds: ways, speedFactor: 0.5,
                        expiresAt: Timestamp(secondsSince1970: harness.clock.now + 3_600))
                ]))
        let factors = Dictionary(uniqueKeysWithValues: ways.map { ($0, 0.5) })
        let inForce = RoutingOptions(traffic: TrafficSpeedFactors(byWayID: factors))
        let deadline = Date().addingTimeInterval(60)
        while !router.isCustomized(for: inForce) && Date() < deadline { usleep(5_000) }
        #expect(router.isCustomized(for: inForce))
        #expect(!router.isCustomized(for: RoutingOptions(traffic: TrafficSpeedFactors(byWayID: [ways[0]: 0.7]))))
    }
}
