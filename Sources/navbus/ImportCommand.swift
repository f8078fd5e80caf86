import Foundation
import NavMap
import NavRouting
import NavService

/// `navbus import MAP.osm.pbf -o MAP.navgraph`: the extract and prepare stages, once, so the navigator loads in
/// milliseconds: the road graph, and beside it (`MAP.navgraph.cch`) the contraction hierarchy routing runs on.
enum ImportCommand: CLICommand {
    static let name = "import"
    static let summary = "build a .navgraph road graph file from an OSM extract (.osm.pbf or .osm)"
    static let parser = OptionParser(
        command: "navbus import", summary: summary, usage: "navbus import MAP.osm.pbf -o MAP.navgraph",
        options: [
            Option("o", help: "the graph file to write (written atomically; the hierarchy goes to FILE.cch)", valueName: "FILE")
        ])

    static func run(_ options: ParsedOptions) throws {
        guard options.positional.count == 1 else {
            throw UsageError("expected one OSM file, e.g. navbus import maps/helsinki.osm.pbf -o helsinki.navgraph")
        }
        let input = options.positional[0]
        let output = try options.require("o")
        let onTerminal = isatty(STDERR_FILENO) == 1
        let started = Date()
        let report: (MapImportProgress) -> Void = { progress in
            guard onTerminal else { return }
            let line: String
            switch progress.phase {
            case .reading: line = "reading   \(progress.processed.formatted()) OSM elements"
            case .building: line = "building  the road graph (\(progress.processed.formatted()) ways)"
            case .preparing: line = "preparing the routing hierarchy (\(progress.processed.formatted()) arcs contracted)"
            case .done: line = "done"
            }
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        }
        let graph = try MapLoader.importOSM(path: input, progress: report)
        try RoadGraphFile.write(graph, to: output)
        let built = Date()
        if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        StandardOutput.writeLine(
            "\(output): \(graph.nodeCount) nodes, \(graph.segmentCount) road segments, \(graph.wayCount) ways, "
                + "\(size / 1024) KiB, built in \(Int(built.timeIntervalSince(started) * 1000)) ms")
        let hierarchy = try MapPreparation.prepare(graph, graphPath: output, progress: report)
        if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let sidecar = HierarchyFile.sidecarPath(forGraph: output)
        let sidecarSize = (try? FileManager.default.attributesOfItem(atPath: sidecar)[.size] as? Int) ?? 0
        let metric = HierarchyMetricFile.sidecarPath(forGraph: output)
        let metricSize = (try? FileManager.default.attributesOfItem(atPath: metric)[.size] as? Int) ?? 0
        StandardOutput.writeLine(
            "\(sidecar): hierarchy of \(hierarchy.vertexCount) arcs and \(hierarchy.edgeCount) edges, "
                + "\(sidecarSize / 1024) KiB, with the \(MapPreparation.savedMetricMode.rawValue) metric in \(metric) "
                + "(\(metricSize / 1024) KiB), prepared in \(Int(Date().timeIntervalSince(built) * 1000)) ms")
    }
}
