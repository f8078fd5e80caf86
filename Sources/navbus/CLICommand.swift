import NavService

/// One `navbus` subcommand.
protocol CLICommand: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var parser: OptionParser { get }
    static func run(_ options: ParsedOptions) throws
}
