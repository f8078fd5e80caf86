import Foundation
import NavBus
import NavProtocol
import NavService

/// `navbus examples --out DIR`: one full message per topic, encoded by the same code the publishers use, so the
/// schemas in `Protocols/` can be checked against what navbus really emits.
enum ExamplesCommand: CLICommand {
    static let name = "examples"
    static let summary = "write one encoded example message per topic (<topic>.json) to a directory"
    static let parser = OptionParser(
        command: "navbus examples", summary: summary, usage: "navbus examples --out DIR",
        options: [Option("out", help: "directory to write the examples to (created when missing)", valueName: "DIR")])

    static func run(_ options: ParsedOptions) throws {
        let directory = URL(fileURLWithPath: try options.require("out"), isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let codec = EnvelopeCodec()
        for (index, topic) in Topic.allCases.enumerated() {
            let role = topic.producer.hasPrefix("navbus-") ? String(topic.producer.dropFirst(7)) : "example"
            let subject = topic == .heartbeat ? "navbus-navigator/example-1" : "car-17"
            let header = EnvelopeHeader(
                id: "example-\(index + 1)", source: "navbus://\(role)/example-1", type: topic.eventType,
                time: ProtocolSamples.time, subject: subject, dataschema: topic.dataSchema, sequence: UInt64(index + 1))
            let envelope = try codec.encode(header: header, payload: ProtocolSamples.sample(for: topic))
            try Data(envelope).write(to: directory.appendingPathComponent("\(topic.rawValue).json"), options: .atomic)
        }
        StandardOutput.writeLine("wrote \(Topic.allCases.count) examples to \(directory.path)")
    }
}
