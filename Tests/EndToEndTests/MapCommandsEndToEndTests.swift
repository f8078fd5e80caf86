import Foundation
import NavTesting
import Testing

/// `navbus import` and `navbus route` on the real Helsinki extract, and their behaviour on broken input.
@Suite struct MapCommandsEndToEndTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navbus-map-\(UUID().uuidString.prefix(8))")

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    @Test func importsHelsinkiAndRoutesOnTheGraphFile() throws {
        let graph = directory.appendingPathComponent("helsinki.navgraph").path
        let importer = try TestProcess("navbus", ["import", try PackagePaths.map("helsinki.osm.pbf").path, "-o", graph])
        #expect(importer.waitForExit(timeout: 60) == 0, "\(importer.standardError)")
        #expect(importer.standardOutput.contains("nodes"))
        // Off a terminal, each step of the preparation gets its own line with the time it started.
        for step in [
            "where trips can start and end", "ordering the arcs", "contracting", "writing the hierarchy", "customizing",
            "writing the metric",
        ] {
            #expect(importer.standardError.contains("preparing: \(step)"), "\(importer.standardError)")
        }
        let geojson = directory.appendingPathComponent("route.geojson").path
        let route = try TestProcess(
            "navbus",
            ["route", "--map", graph, "--from", "60.1712,24.9433", "--via", "60.1689,24.9316", "--to", "60.1695,24.9522",
             "--geojson", geojson])
        #expect(route.waitForExit(timeout: 30) == 0, "\(route.standardError)")
        #expect(route.standardOutput.contains("(2 legs)"))
        #expect(route.standardOutput.contains("You have arrived at your destination"))
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: geojson)))
        #expect((document as? [String: Any])?["type"] as? String == "FeatureCollection")
    }

    @Test func truncatedInputFailsClearlyAndWritesNothing() throws {
        let source = try Data(contentsOf: try PackagePaths.map("helsinki.osm.pbf"))
        let truncated = directory.appendingPathComponent("truncated.osm.pbf")
        try source.prefix(source.count / 3).write(to: truncated)
        let output = directory.appendingPathComponent("out.navgraph").path
        let importer = try TestProcess("navbus", ["import", truncated.path, "-o", output])
        #expect(importer.waitForExit(timeout: 60) == 1)
        #expect(importer.standardError.contains("truncated.osm.pbf"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func unreachableOrBadRequestsExplainThemselves() throws {
        let usage = try TestProcess("navbus", ["route", "--map", "x", "--from", "91,0", "--to", "0,0"])
        #expect(usage.waitForExit(timeout: 10) == 64)
        #expect(usage.standardError.contains("LAT,LON"))
        let missing = try TestProcess("navbus", ["route", "--map", "/nonexistent.osm.pbf", "--from", "1,1", "--to", "2,2"])
        #expect(missing.waitForExit(timeout: 10) == 1)
        #expect(missing.standardError.contains("/nonexistent.osm.pbf"))
    }
}
