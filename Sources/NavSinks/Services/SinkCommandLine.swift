public import NavCore
public import NavService
import NavBus

/// The command-line options and checks the sink executables share, so they read and behave alike.
public enum SinkCommandLine {
    /// `--instance` and `--log-level`, which every sink accepts.
    public static let processOptions: [Option] = [
        Option("instance", variable: "NAVBUS_INSTANCE", help: "instance name in heartbeats (default host-pid)"),
        Option("log-level", variable: "NAVBUS_LOG_LEVEL", default: "info", help: "debug, info, warning or error"),
    ]

    /// The bus endpoints, `--vehicle`, `--exec` (with its environment variable) and ``processOptions``.
    public static func vehicleSinkOptions(execVariable: String) -> [Option] {
        Endpoints.busOptions + [
            Option("vehicle", help: "only this vehicle (repeatable; default all)", valueName: "V", repeats: true),
            Option("exec", variable: execVariable, help: "shell command run on each change", valueName: "CMD"),
        ] + processOptions
    }

    /// The logger `--log-level` asks for.
    /// - Throws: `UsageError` for an unknown level.
    public static func logger(_ options: ParsedOptions, label: String) throws(UsageError) -> Logger {
        guard let level = Logger.Level(name: options.value("log-level") ?? "info") else {
            throw UsageError("--log-level must be debug, info, warning or error")
        }
        return Logger(label: label, level: level)
    }

    /// The settings of a per-vehicle sink from ``vehicleSinkOptions(execVariable:)``.
    /// - Throws: `UsageError` for stray arguments or a missing endpoint.
    public static func vehicleSinkSettings(_ options: ParsedOptions, command: String, role: String)
        throws(UsageError) -> VehicleSinkSettings
    {
        guard options.positional.isEmpty else {
            throw UsageError("unexpected argument '\(options.positional[0])' (see \(command) --help)")
        }
        let vehicles = options.values("vehicle")
        return VehicleSinkSettings(
            subscriberEndpoint: try options.require("sub"), publisherEndpoint: try options.require("pub"),
            identity: SourceIdentity(role: role, instance: options.value("instance")),
            vehicles: vehicles.isEmpty ? nil : Set(vehicles),
            hookCommand: options.value("exec").flatMap { $0.isEmpty ? nil : $0 })
    }
}
