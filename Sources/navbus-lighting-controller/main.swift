import NavBus
import NavProtocol
import NavService
import NavSinks

let parser = OptionParser(
    command: "navbus-lighting-controller",
    summary: "applies nav.lighting_mode.v1 suggestions after a dwell time and publishes the theme on ui.lighting.v1",
    usage: """
        navbus-lighting-controller [--dwell SECONDS] [--day-primary #RRGGBB] ... [--exec CMD]

        The first suggestion of a vehicle applies at once; a later change applies once it has persisted for
        --dwell seconds of message time, so a suggestion flickering at dusk does not flip the display.
        The theme carries the navigation header's primary and secondary background colours for day (normal)
        and night (lowLight), like the SDK's navigationHeaderPrimaryBackgroundColor and its NightMode variant.
        --exec CMD runs through /bin/sh -c on each change, without waiting, with NAVBUS_VEHICLE,
        NAVBUS_LIGHTING_MODE, NAVBUS_THEME, NAVBUS_PRIMARY_BACKGROUND, NAVBUS_SECONDARY_BACKGROUND,
        NAVBUS_TEXT_COLOUR, NAVBUS_ACCENT_COLOUR and NAVBUS_CHANGED_AT in its environment.
        """,
    options: Endpoints.busOptions + [
        Option(
            "dwell", variable: "NAVBUS_LIGHTING_DWELL", default: "30",
            help: "seconds a new suggestion must persist before it is applied", valueName: "SECONDS"),
        Option("day-primary", default: Theme.day.primaryBackground, help: "day header primary background",
            valueName: "COLOUR"),
        Option("day-secondary", default: Theme.day.secondaryBackground, help: "day header secondary background",
            valueName: "COLOUR"),
        Option("night-primary", default: Theme.night.primaryBackground, help: "night header primary background",
            valueName: "COLOUR"),
        Option("night-secondary", default: Theme.night.secondaryBackground,
            help: "night header secondary background", valueName: "COLOUR"),
        Option("vehicle", help: "only this vehicle (repeatable; default all)", valueName: "V", repeats: true),
        Option("exec", variable: "NAVBUS_LIGHTING_EXEC", help: "shell command run on each change", valueName: "CMD"),
        Option("instance", variable: "NAVBUS_INSTANCE", help: "instance name in heartbeats (default host-pid)"),
        Option("log-level", variable: "NAVBUS_LOG_LEVEL", default: "info", help: "debug, info, warning or error"),
    ])

ProcessMain.run(parser: parser) { options in
    guard options.positional.isEmpty else {
        throw UsageError("unexpected argument '\(options.positional[0])' (see navbus-lighting-controller --help)")
    }
    guard let level = Logger.Level(name: options.value("log-level") ?? "info") else {
        throw UsageError("--log-level must be debug, info, warning or error")
    }
    let logger = Logger(label: "navbus-lighting-controller", level: level)
    guard let dwell = try options.double("dwell"), dwell >= 0 else {
        throw UsageError("--dwell must be a number of seconds, at least 0")
    }
    func colour(_ name: String) throws(UsageError) -> String {
        let value = try options.require(name)
        guard LightingThemes.isColour(value) else {
            throw UsageError("--\(name) expects a colour #RRGGBB or #RRGGBBAA, got '\(value)'")
        }
        return value
    }
    var themes = LightingThemes()
    themes.day.primaryBackground = try colour("day-primary")
    themes.day.secondaryBackground = try colour("day-secondary")
    themes.night.primaryBackground = try colour("night-primary")
    themes.night.secondaryBackground = try colour("night-secondary")
    let vehicles = options.values("vehicle")
    let configuration = LightingController.Configuration(
        subscriberEndpoint: try options.require("sub"), publisherEndpoint: try options.require("pub"),
        identity: SourceIdentity(role: "lighting-controller", instance: options.value("instance")),
        dwellSeconds: dwell, themes: themes, vehicles: vehicles.isEmpty ? nil : Set(vehicles),
        hookCommand: options.value("exec").flatMap { $0.isEmpty ? nil : $0 })
    let stop = StopFlag()
    let signals = SignalStop.install(stop, logger: logger)
    try LightingController(configuration: configuration, logger: logger).run(stop: stop)
    withExtendedLifetime(signals) {}
}
