import NavMap
import Testing

@Suite struct SyntheticNetworkTests {
    @Test func sameSeedSameNetwork() throws {
        let a = try SyntheticNetwork(nodeCount: 2_500, seed: 11).graph()
        let b = try SyntheticNetwork(nodeCount: 2_500, seed: 11).graph()
        let c = try SyntheticNetwork(nodeCount: 2_500, seed: 12).graph()
        #expect(a.nodeCount == 2_500)
        #expect(a.coordinate(ofNode: 1234) == b.coordinate(ofNode: 1234))
        #expect(a.coordinate(ofNode: 1234) != c.coordinate(ofNode: 1234))
    }

    @Test func hasTheFeaturesTestsNeed() throws {
        let graph = try SyntheticNetwork(nodeCount: 1_600, seed: 1).graph()
        let flags = (0..<graph.segmentCount).map { graph.flags(ofSegment: $0) }
        #expect(flags.contains { $0.contains(.toll) && $0.contains(.highway) })
        #expect(flags.contains { $0.contains(.ferry) })
        let oneways = (0..<graph.arcCount).filter {
            !graph.allows(.driving, onArc: $0) && graph.allows(.walking, onArc: $0)
        }
        #expect(!oneways.isEmpty)
        #expect((0..<graph.wayCount).contains { graph.name(ofWay: $0) == "Avenue 1" })
    }
}
