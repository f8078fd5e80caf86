import NavCore
import NavTesting
import Foundation
import NavMap
import Testing

@Suite struct CorruptInputTests {
    func write(_ bytes: [UInt8], name: String) throws -> String {
        let path = try TemporaryDirectory.make() + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func missingFileNamesTheFile() {
        do {
            _ = try MapLoader.load(path: "/nonexistent/map.osm.pbf")
            Issue.record("expected an error")
        } catch let error as MapError {
            #expect(error.code == .fileNotFound)
            #expect(error.description.contains("/nonexistent/map.osm.pbf"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func truncatedPBFThrows() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: SampleMaps.path("helsinki.osm.pbf")))
        for length in [10, 5_000, original.count / 2] {
            let path = try write(Array(original.prefix(length)), name: "cut.osm.pbf")
            #expect(throws: MapError.self) { try MapLoader.load(path: path) }
        }
    }

    @Test func garbageThrows() throws {
        var random = SeededGenerator(seed: 7)
        let bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        #expect(throws: MapError.self) { try MapLoader.load(path: try write(bytes, name: "noise.osm.pbf")) }
        #expect(throws: MapError.self) { try MapLoader.load(path: try write(bytes, name: "noise.osm")) }
        #expect(throws: MapError.self) { try MapLoader.load(path: try write([], name: "empty.osm")) }
    }

    @Test func truncatedXMLThrows() throws {
        let xml = GraphImportTests.smallTown().xml()
        let cut = Array(xml.utf8.prefix(xml.utf8.count / 2))
        let error = try #require(throws: MapError.self) { try MapLoader.load(path: try write(cut, name: "cut.osm")) }
        #expect(error.path.hasSuffix("cut.osm"))
    }
}
