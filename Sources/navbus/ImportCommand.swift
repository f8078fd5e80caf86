import Foundation
import NavMap
import NavService

/// `navbus import MAP.osm.pbf -o MAP.navgraph`: the extract stage, once, so the navigator loads in milliseconds.
enum ImportCommand: CLICommand {
    static let name = "import"
    static let summary = "build a .navgraph road graph file from an OSM extract (.osm.pbf or .osm)"
    static let parser = OptionParser(
        command: "navbus import", summary: summary, usage: "navbus import MAP.osm.pbf -o MAP.navgraph",
        options: [Option("o", help: "the graph file to write (written atomically)", valueName: "FILE")])

    static func run(_ options: ParsedOptions) throws {
        guard options.positional.count == 1 else {
            throw UsageError("expected one OSM file, e.g. navbus import maps/helsinki.osm.pbf -o helsinki.navgraph")
        }
        let input = options.positional[0]
        let output = try options.require("o")
        let onTerminal = isatty(STDERR_FILENO) == 1
        let started = Date()
        let graph = try MapLoader.importOSM(path: input) { progress in
            guard onTerminal else { return }
            let line: String
            switch progress.phase {
            case .reading: line = "reading   \(progress.processed.formatted()) OSM elements"
            case .building: line = "building  the road graph (\(progress.processed.formatted()) ways)"
            case .done: line = "done"
            }
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        }
        if onTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        try RoadGraphFile.write(graph, to: output)
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        StandardOutput.writeLine(
            "\(output): \(graph.nodeCount) nodes, \(graph.segmentCount) road segments, \(graph.wayCount) ways, "
                + "\(size / 1024) KiB, built in \(Int(Date().timeIntervalSince(started) * 1000)) ms")
    }
}
