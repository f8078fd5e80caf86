import NavCore
import NavBus
import NavService

let parser = OptionParser(
    command: "navbus-feeder",
    summary: "publishes gps.fix.v1 from the route simulator or a real GPS, and serves the simulator control API",
    usage: "navbus-feeder [--source SPEC] [--vehicle ID] [--fleet N --map PATH] [--rate X] [--jitter M] "
        + "[--speed-multiplier X] [--pub ENDPOINT] [--sub ENDPOINT] [--control ENDPOINT]",
    options: FeederConfiguration.options)

ProcessMain.run(parser: parser) { options in
    guard let level = Logger.Level(name: options.value("log-level") ?? "info") else {
        throw UsageError("--log-level must be debug, info, warning or error")
    }
    let logger = Logger(label: "navbus-feeder", level: level)
    let configuration = try FeederConfiguration(options)
    let stop = StopFlag()
    let signals = SignalStop.install(stop, logger: logger)
    try Feeder(configuration: configuration, logger: logger).run(stop: stop)
    logger.info("stopped")
    withExtendedLifetime(signals) {}
}
