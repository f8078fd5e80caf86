import Foundation
import NavMap
import Testing

@Suite struct HelsinkiImportTests {
    @Test func importsHelsinkiIntoARoutableGraph() throws {
        let path = try SampleMaps.path("helsinki.osm.pbf")
        var phases: Set<MapImportProgress.Phase> = []
        let start = Date()
        let graph = try MapLoader.load(path: path) { phases.insert($0.phase) }
        let elapsed = Date().timeIntervalSince(start)
        print("helsinki: \(graph.nodeCount) nodes, \(graph.segmentCount) segments, \(graph.wayCount) ways, \(graph.restrictionCount) restrictions in \(elapsed)s")
        #expect(graph.nodeCount > 5_000)
        #expect(graph.supports(.driving) && graph.supports(.walking) && graph.supports(.cycling))
        #expect(phases.contains(.building))
        let named = (0..<graph.wayCount).contains { graph.name(ofWay: $0) == "Mannerheimintie" }
        #expect(named)
    }
}
