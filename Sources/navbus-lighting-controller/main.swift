import NavCore
import NavBus
import NavProtocol
import NavService
import NavSinks

ServiceRunner(
    command: "navbus-lighting-controller", role: "lighting-controller",
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
    options: [
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
    ] + SinkCommandLine.vehicleSinkOptions(execVariable: "NAVBUS_LIGHTING_EXEC")
).main { options, context in
    let settings = try SinkCommandLine.vehicleSinkSettings(options, command: "navbus-lighting-controller")
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
    return LightingController(configuration: .init(settings: settings, dwellSeconds: dwell, themes: themes))
}
