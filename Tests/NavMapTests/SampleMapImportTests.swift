import NavTesting
import Foundation
import NavMap
import Testing

@Suite struct SampleMapImportTests {
    @Test func importsHelsinkiIntoARoutableGraph() throws {
        let path = try SampleMaps.path("helsinki.osm.pbf")
        var phases: Set<MapImportProgress.Phase> = []
        let graph = try MapLoader.load(path: path) { phases.insert($0.phase) }
        #expect(graph.nodeCount > 5_000)
        #expect(graph.supports(.driving) && graph.supports(.walking) && graph.supports(.cycling))
        #expect(phases.contains(.building))
        let named = (0..<graph.wayCount).contains { graph.name(ofWay: $0) == "Mannerheimintie" }
        #expect(named)
    }

    @Test func importsKotkaWithItsMotorway() throws {
        let graph = try MapLoader.load(path: SampleMaps.path("kotka.osm.pbf"))
        #expect(graph.nodeCount > 100)
        let classes = Set((0..<graph.wayCount).map { graph.highwayClass(ofWay: $0) })
        #expect(classes.contains(.motorway))
        let limits = (0..<graph.arcCount).compactMap { graph.speedLimit(ofArc: $0) }
        #expect(!limits.isEmpty, "maxspeed tags are read")
    }
}
