import NavService

/// One `navbus` subcommand.
protocol CLICommand: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var parser: OptionParser { get }
    static func run(_ options: ParsedOptions) throws
    /// Whether the command connects to the bus or a control server, and so takes `--secret-key` and
    /// `--server-key`.
    static var connectsToBus: Bool { get }
}

extension CLICommand {
    static var connectsToBus: Bool { false }

    /// The command's parser, with the security options when it connects to the bus.
    static var fullParser: OptionParser {
        guard connectsToBus else { return parser }
        return OptionParser(
            command: parser.command, summary: parser.summary, usage: parser.usage,
            options: parser.options.filter { $0.name != "help" } + SecurityOptions.options(for: .client))
    }
}
