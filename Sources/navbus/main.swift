import NavService

NavbusCommandLine.run(Array(CommandLine.arguments.dropFirst()))
