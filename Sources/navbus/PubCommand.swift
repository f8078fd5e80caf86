import NavBus
import NavProtocol
import NavService

/// `navbus pub TOPIC JSON`: publish one message, for testing consumers.
enum PubCommand: CLICommand {
    static let connectsToBus = true
    static let name = "pub"
    static let summary = "publish one message with a JSON payload (for testing consumers)"
    static let parser = OptionParser(
        command: "navbus pub", summary: summary,
        usage: "navbus pub TOPIC JSON [--vehicle V] [--envelope]   (JSON '-' reads standard input)",
        options: Endpoints.busOptions + [
            Option("vehicle", default: "default", help: "the envelope's subject", valueName: "V"),
            Option.flag("envelope", help: "JSON is a whole CloudEvents envelope, sent unchanged"),
            Option("wait", default: "2", help: "seconds to wait for the proxy before giving up", valueName: "SECONDS"),
        ])

    static func run(_ options: ParsedOptions) throws {
        guard options.positional.count == 2 else {
            throw UsageError("expected a topic and a JSON payload, e.g. navbus pub nav.arrival.v1 '{\"waypointIndex\":0}'")
        }
        let topicName = options.positional[0]
        guard let topic = Topic(rawValue: topicName) else {
            throw UsageError(
                "unknown topic '\(topicName)'; run 'navbus topics' for the catalogue")
        }
        let text = options.positional[1] == "-" ? readStandardInput() : options.positional[1]
        let payload: JSONValue
        do {
            payload = try JSONParser.parse(text)
        } catch {
            throw UsageError("the payload is not valid JSON: \(error)")
        }
        let context = ZMQContext()
        let publisher = try Publisher(
            context: context, endpoint: try options.require("pub"), identity: SourceIdentity(role: "cli"),
            counters: BusCounters())
        let wait = try options.double("wait") ?? 2
        guard publisher.waitUntilConnected(timeoutMilliseconds: Int(wait * 1000)) else {
            throw CLIError("no proxy answered at \(try options.require("pub")) within \(wait) s; is navbus-proxy running?")
        }
        if options.flag("envelope") {
            guard case .object = payload else { throw UsageError("an envelope must be a JSON object") }
            try publisher.publishRaw(topicName: topic.rawValue, envelope: Array(text.utf8))
        } else {
            try publisher.publish(topic, subject: try options.require("vehicle"), payload: payload)
        }
    }

    private static func readStandardInput() -> String {
        var lines: [String] = []
        while let line = readLine(strippingNewline: false) { lines.append(line) }
        return lines.joined()
    }
}

/// A failure of a CLI command, printed as one line.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
