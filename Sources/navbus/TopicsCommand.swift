import NavProtocol
import NavService

/// `navbus topics`: the topic catalogue.
enum TopicsCommand: CLICommand {
    static let name = "topics"
    static let summary = "list the topic catalogue with one-line descriptions"
    static let parser = OptionParser(
        command: "navbus topics", summary: summary, usage: "navbus topics", options: [])

    static func run(_ options: ParsedOptions) throws {
        guard options.positional.isEmpty else { throw UsageError("navbus topics takes no arguments") }
        let width = Topic.allCases.map(\.rawValue.count).max() ?? 0
        for topic in Topic.allCases {
            let name = topic.rawValue + String(repeating: " ", count: width - topic.rawValue.count)
            print("\(name)  \(topic.summary)  (from \(topic.producer))")
        }
    }
}
