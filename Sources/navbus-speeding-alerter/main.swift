import NavCore
import NavBus
import NavService
import NavSinks

ServiceRunner(
    command: "navbus-speeding-alerter", role: "speeding-alerter",
    summary: "turns nav.speeding.v1 into minor and major speed alerts on alert.speeding.v1, per vehicle",
    usage: """
        navbus-speeding-alerter [--minor PCT] [--major PCT] [--margin POINTS] [--min-duration SECONDS] [--exec CMD]

        A level is raised when the percentage above the limit reaches its threshold, and held until the
        percentage falls below the threshold minus --margin. A raise or a clear takes effect only after its
        condition has held for --min-duration seconds of message time, so a speed hovering at a threshold does
        not flap. Every change is published on alert.speeding.v1 and written to standard error.
        --exec CMD runs through /bin/sh -c on each change, without waiting, with NAVBUS_VEHICLE,
        NAVBUS_SEVERITY (none, minor, major), NAVBUS_RAISED (true, false), NAVBUS_SPEED, NAVBUS_SPEED_LIMIT (m/s),
        NAVBUS_PERCENTAGE and NAVBUS_SINCE in its environment.
        """,
    options: [
        Option("minor", variable: "NAVBUS_ALERT_MINOR", default: "5", help: "minor alert from PCT % above the limit",
            valueName: "PCT"),
        Option("major", variable: "NAVBUS_ALERT_MAJOR", default: "15", help: "major alert from PCT % above the limit",
            valueName: "PCT"),
        Option(
            "margin", variable: "NAVBUS_ALERT_MARGIN", default: "2",
            help: "a level clears below its threshold minus this many percentage points", valueName: "POINTS"),
        Option(
            "min-duration", variable: "NAVBUS_ALERT_MIN_DURATION", default: "2",
            help: "seconds a raise or clear condition must persist", valueName: "SECONDS"),
    ] + SinkCommandLine.vehicleSinkOptions(execVariable: "NAVBUS_ALERT_EXEC")
).main { options, context in
    let settings = try SinkCommandLine.vehicleSinkSettings(options, command: "navbus-speeding-alerter")
    let policy = SpeedAlertPolicy(
        minorPercentage: try options.double("minor") ?? 5, majorPercentage: try options.double("major") ?? 15,
        clearMargin: try options.double("margin") ?? 2, minimumDuration: try options.double("min-duration") ?? 2)
    if let problem = policy.problem { throw UsageError("\(problem) (--minor, --major, --margin, --min-duration)") }
    return SpeedingAlerter(configuration: .init(settings: settings, policy: policy))
}
