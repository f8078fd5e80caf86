import Foundation
import NavCore
import NavMap
import Testing

/// The generated region's road hierarchy: with ``RegionalNetwork/Features/realistic`` its motorways are
/// one-way carriageways that traffic gets on and off by one-way ramps, pockets have collectors and
/// cul-de-sacs, arterial crossings have signals; without features it is round two's network.
@Suite struct RegionalNetworkTests {
    static let realistic = try! RegionalNetwork(nodeCount: 10_000, seed: 3, features: .realistic).graph()
    static let plain = try! RegionalNetwork(nodeCount: 10_000, seed: 3).graph()

    static func segments(_ graph: RoadGraph, _ highway: HighwayClass) -> [Int] {
        (0..<graph.segmentCount).filter { graph.highwayClass(ofWay: graph.way(ofSegment: $0)) == highway }
    }

    static func drivable(_ graph: RoadGraph, _ segment: Int) -> (forward: Bool, backward: Bool) {
        (graph.allows(.driving, onArc: 2 * segment), graph.allows(.driving, onArc: 2 * segment + 1))
    }

    /// Nodes a car reaches from `start`.
    static func reachable(_ graph: RoadGraph, from start: Int) -> Set<Int> {
        var seen: Set<Int> = [start]
        var stack = [start]
        while let node = stack.popLast() {
            for arc in graph.outgoingArcs(ofNode: node) where graph.allows(.driving, onArc: Int(arc)) {
                let next = Int(graph.head(ofArc: Int(arc)))
                if seen.insert(next).inserted { stack.append(next) }
            }
        }
        return seen
    }

    @Test func motorwaysAreOneWayCarriagewaysWithRampsOnAndOff() throws {
        let graph = Self.realistic
        let motorway = Self.segments(graph, .motorway)
        let ramps = Self.segments(graph, .motorwayLink)
        #expect(!motorway.isEmpty && !ramps.isEmpty)
        for segment in motorway + ramps {
            let (forward, backward) = Self.drivable(graph, segment)
            #expect(forward != backward, "segment \(segment) must be one-way")
        }
        let motorwayNodes = Set(motorway.flatMap { [graph.endpoints(ofSegment: $0).from, graph.endpoints(ofSegment: $0).to] })
        let rampArcs = ramps.map { Self.drivable(graph, $0).forward ? 2 * $0 : 2 * $0 + 1 }
        let exits = rampArcs.filter { motorwayNodes.contains(Int(graph.tail(ofArc: $0))) }
        let entries = rampArcs.filter { motorwayNodes.contains(Int(graph.head(ofArc: $0))) }
        #expect(!exits.isEmpty && exits.count == entries.count, "every carriageway begins and ends at an arterial")
        // From an arterial a car gets onto every carriageway and off it again.
        let start = try #require(graph.node(forOSMID: RegionalNetwork(nodeCount: 10_000, seed: 3).gridNodeID(row: 0, column: 0)))
        let everywhere = Self.reachable(graph, from: start)
        #expect(motorwayNodes.isSubset(of: everywhere))
        for node in motorwayNodes { #expect(Self.reachable(graph, from: node).contains(start), "stuck at \(node)") }
    }

    @Test func pocketsHaveCollectorsCulDeSacsAndArterialsSignals() throws {
        let graph = Self.realistic
        let collectors = Self.segments(graph, .tertiary)
        #expect(!collectors.isEmpty)
        #expect(collectors.allSatisfy { Self.drivable(graph, $0) == (true, true) })
        var degree = [Int](repeating: 0, count: graph.nodeCount)
        for segment in 0..<graph.segmentCount {
            let (a, b) = graph.endpoints(ofSegment: segment)
            degree[a] += 1
            degree[b] += 1
        }
        let closes = (0..<graph.segmentCount).filter { graph.name(ofWay: graph.way(ofSegment: $0)).hasPrefix("Close") }
        #expect(closes.count > 100)
        #expect(closes.allSatisfy { degree[graph.endpoints(ofSegment: $0).to] == 1 }, "a close is a dead end")
        let signals = graph.nodeAttributes.nodes(with: .trafficSignals)
        #expect(signals.count == 100, "10 × 10 arterial crossings")
    }

    @Test func withoutFeaturesItIsTheRoundTwoNetwork() {
        let graph = Self.plain
        #expect(Self.segments(graph, .tertiary).isEmpty)
        #expect(Self.segments(graph, .motorway).allSatisfy { Self.drivable(graph, $0) == (true, true) })
        #expect(!(0..<graph.wayCount).contains { graph.name(ofWay: $0).hasPrefix("Close") })
        #expect(graph.nodeAttributes.nodes(with: .trafficSignals).isEmpty)
        #expect(Self.realistic.segmentCount > graph.segmentCount)
    }

    @Test func theFileSaysItsBoundsAndImportsLikeTheNetwork() throws {
        let network = RegionalNetwork(nodeCount: 2_500, seed: 4, features: .realistic)
        let path = NSTemporaryDirectory() + "navbus-regional-\(getpid()).osm"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try network.writeOSMXML(to: path)
        let head = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4_096), as: UTF8.self)
        let bounds = try #require(OSMXMLStreamWriter.boundsElement(in: head))
        #expect(bounds == network.bounds)
        let imported = try MapLoader.load(path: path)
        let direct = try network.graph()
        #expect(imported.nodeCount == direct.nodeCount)
        #expect(imported.segmentCount == direct.segmentCount)
        #expect((0..<imported.nodeCount).allSatisfy { bounds.contains(imported.coordinate(ofNode: $0)) })
    }
}
