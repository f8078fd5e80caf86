import NavCore
import NavService

/// `navbus COMMAND ...`: the command line for people.
enum NavbusCommandLine {
    static let commands: [any CLICommand.Type] = [
        TopicsCommand.self, SubCommand.self, PubCommand.self, CallCommand.self, ReplayCommand.self,
        ExamplesCommand.self, DemoCommand.self, ImportCommand.self, RouteCommand.self, HealthCommand.self,
        RenderCommand.self, KeygenCommand.self,
    ]

    static var usage: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { command in
            "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary
        }
        return (["navbus: the command line of the navbus navigation bus", "", "usage: navbus COMMAND [OPTIONS]", "",
            "commands:"] + list + ["", "Run 'navbus COMMAND --help' for a command's options."]).joined(separator: "\n")
    }

    static func run(_ arguments: [String]) -> Never {
        guard let name = arguments.first else {
            ProcessMain.writeError(usage)
            ProcessMain.exit(.usage)
        }
        if ["--help", "-h", "help"].contains(name) {
            StandardOutput.writeLine(usage)
            ProcessMain.exit(.success)
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            ProcessMain.writeError(
                "navbus: unknown command '\(name)'; commands are: \(commands.map { $0.name }.joined(separator: ", "))")
            ProcessMain.exit(.usage)
        }
        ProcessMain.run(parser: command.fullParser, arguments: Array(arguments.dropFirst())) { options in
            if command.connectsToBus {
                // Installs the keys for every socket of the command, or says in one line that the bus is plain.
                let logger = Logger(label: "navbus \(command.name)", level: .warning)
                SecurityOptions.announce(try SecurityOptions.security(from: options, role: .client, logger: logger), logger: logger)
            }
            try command.run(options)
        }
    }
}
