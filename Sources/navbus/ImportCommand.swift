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
        let display = ImportProgressDisplay(onTerminal: onTerminal, started: started)
        let report: (MapImportProgress) -> Void = { display.show($0) }
        let graph = try MapLoader.importOSM(path: input, progress: report)
        try RoadGraphFile.write(graph, to: output)
        let built = Date()
        if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        StandardOutput.writeLine(
            "\(output): \(graph.nodeCount) nodes, \(graph.segmentCount) road segments, \(graph.wayCount) ways, "
                + "\(size / 1024) KiB, built in \(Int(built.timeIntervalSince(started) * 1000)) ms")
        let prepared = try MapPreparation.prepare(graph, graphPath: output, progress: report)
        if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let hierarchy = prepared.hierarchy
        let sidecar = HierarchyFile.sidecarPath(forGraph: output)
        let sidecarSize = (try? FileManager.default.attributesOfItem(atPath: sidecar)[.size] as? Int) ?? 0
        let metric = HierarchyMetricFile.sidecarPath(forGraph: output)
        let metricSize = (try? FileManager.default.attributesOfItem(atPath: metric)[.size] as? Int) ?? 0
        let mode = MapPreparation.savedMetricMode.rawValue
        let metricNote =
            prepared.savedMetric
            ? "with the \(mode) metric in \(metric) (\(metricSize / 1024) KiB)"
            : "no saved metric (over \(MapPreparation.savedMetricByteLimit >> 30) GiB or no \(mode) roads: "
                + "the navigator customizes on its first request)"
        StandardOutput.writeLine(
            "\(sidecar): hierarchy of \(hierarchy.vertexCount) arcs and \(hierarchy.edgeCount) edges, "
                + "\(sidecarSize / 1024) KiB, \(metricNote), prepared in \(Int(Date().timeIntervalSince(built) * 1000)) ms")
    }
}

/// Import progress on stderr: one line rewritten in place on a terminal, one line per step otherwise (logs of
/// a long import then show how far it got and how long each step took).
final class ImportProgressDisplay {
    private let onTerminal: Bool
    private let started: Date
    private var lastStep = ""

    init(onTerminal: Bool, started: Date) {
        self.onTerminal = onTerminal
        self.started = started
    }

    func show(_ progress: MapImportProgress) {
        let step = progress.step.map { "\(progress.phase.rawValue) \($0.rawValue)" } ?? progress.phase.rawValue
        let elapsed = String(format: "%.1f s", Date().timeIntervalSince(started))
        if onTerminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + Self.describe(progress) + " — " + elapsed).utf8))
        } else if step != lastStep {
            FileHandle.standardError.write(Data("\(elapsed): \(Self.describe(progress))\n".utf8))
        }
        lastStep = step
    }

    static func describe(_ progress: MapImportProgress) -> String {
        let count = progress.processed.formatted()
        switch (progress.phase, progress.step) {
        case (.reading, _): return "reading   \(count) OSM elements"
        case (.building, _): return "building  the road graph (\(count) ways)"
        case (.preparing, .travelModes?): return "preparing: where trips can start and end, per travel mode"
        case (.preparing, .ordering?): return "preparing: ordering the arcs by nested dissection"
        case (.preparing, .contracting?):
            let total = progress.total ?? 0
            let share = total > 0 ? Int(100 * Double(progress.processed) / Double(total)) : 0
            return "preparing: contracting \(count) of \(total.formatted()) arcs (\(share) %)"
        case (.preparing, .writingHierarchy?):
            return "preparing: writing the hierarchy (\((progress.total ?? 0).formatted()) edges)"
        case (.preparing, .customizing?): return "preparing: customizing the \(MapPreparation.savedMetricMode.rawValue) metric"
        case (.preparing, .writingMetric?): return "preparing: writing the metric"
        case (.preparing, nil): return "preparing the routing hierarchy"
        case (.done, _): return "done"
        }
    }
}
