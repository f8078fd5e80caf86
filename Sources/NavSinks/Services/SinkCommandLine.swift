import NavCore
public import NavService
import NavBus

/// The command-line options and checks the sink executables share, so they read and behave alike.
public enum SinkCommandLine {
    /// The bus endpoints, `--vehicle` and `--exec` (with its environment variable).
    public static func vehicleSinkOptions(execVariable: String) -> [Option] {
        Endpoints.busOptions + [
            Option("vehicle", help: "only this vehicle (repeatable; default all)", valueName: "V", repeats: true),
            Option("exec", variable: execVariable, help: "shell command run on each change", valueName: "CMD"),
        ]
    }

    /// The settings of a per-vehicle sink from ``vehicleSinkOptions(execVariable:)``.
    /// - Throws: `UsageError` for stray arguments or a missing endpoint.
    public static func vehicleSinkSettings(_ options: ParsedOptions, command: String)
        throws(UsageError) -> VehicleSinkSettings
    {
        guard options.positional.isEmpty else {
            throw UsageError("unexpected argument '\(options.positional[0])' (see \(command) --help)")
        }
        let vehicles = options.values("vehicle")
        return VehicleSinkSettings(
            subscriberEndpoint: try options.require("sub"), publisherEndpoint: try options.require("pub"),
            vehicles: vehicles.isEmpty ? nil : Set(vehicles),
            hookCommand: options.value("exec").flatMap { $0.isEmpty ? nil : $0 })
    }
}
