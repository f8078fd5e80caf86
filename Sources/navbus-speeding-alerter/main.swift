import NavBus
import NavService
import NavSinks

let parser = OptionParser(
    command: "navbus-speeding-alerter",
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
    options: Endpoints.busOptions + [
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
        Option("vehicle", help: "only this vehicle (repeatable; default all)", valueName: "V", repeats: true),
        Option("exec", variable: "NAVBUS_ALERT_EXEC", help: "shell command run on each change", valueName: "CMD"),
        Option("instance", variable: "NAVBUS_INSTANCE", help: "instance name in heartbeats (default host-pid)"),
        Option("log-level", variable: "NAVBUS_LOG_LEVEL", default: "info", help: "debug, info, warning or error"),
    ])

ProcessMain.run(parser: parser) { options in
    guard options.positional.isEmpty else {
        throw UsageError("unexpected argument '\(options.positional[0])' (see navbus-speeding-alerter --help)")
    }
    guard let level = Logger.Level(name: options.value("log-level") ?? "info") else {
        throw UsageError("--log-level must be debug, info, warning or error")
    }
    let logger = Logger(label: "navbus-speeding-alerter", level: level)
    let policy = SpeedAlertPolicy(
        minorPercentage: try options.double("minor") ?? 5, majorPercentage: try options.double("major") ?? 15,
        clearMargin: try options.double("margin") ?? 2, minimumDuration: try options.double("min-duration") ?? 2)
    if let problem = policy.problem { throw UsageError("\(problem) (--minor, --major, --margin, --min-duration)") }
    let vehicles = options.values("vehicle")
    let hook = options.value("exec").flatMap { $0.isEmpty ? nil : $0 }
    let configuration = SpeedingAlerter.Configuration(
        subscriberEndpoint: try options.require("sub"), publisherEndpoint: try options.require("pub"),
        identity: SourceIdentity(role: "speeding-alerter", instance: options.value("instance")), policy: policy,
        vehicles: vehicles.isEmpty ? nil : Set(vehicles), hookCommand: hook)
    let stop = StopFlag()
    let signals = SignalStop.install(stop, logger: logger)
    try SpeedingAlerter(configuration: configuration, logger: logger).run(stop: stop)
    withExtendedLifetime(signals) {}
}
