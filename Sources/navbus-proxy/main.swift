import NavBus
import NavService

let parser = OptionParser(
    command: "navbus-proxy",
    summary: "the navbus bus: forwards publishers to subscribers and keeps the last value of every (topic, vehicle)",
    usage: "navbus-proxy [--pub ENDPOINT] [--sub ENDPOINT] [--cache-capacity N] [--instance NAME] "
        + "[--secret-key FILE --acl FILE [--vehicle-sub ENDPOINT]]",
    options: Endpoints.busOptions + SecurityOptions.options(for: .server) + [
        Option(
            "vehicle-sub", variable: Endpoints.vehicleSubscriberVariable, default: Endpoints.defaultVehicleSubscriber,
            help: "with CURVE: where subscribers limited to some vehicles connect (their own XPUB)", valueName: "ENDPOINT"),
        Option(
            "cache-capacity", variable: "NAVBUS_CACHE_CAPACITY", default: "100000",
            help: "most (topic, vehicle) entries kept in the last-value cache", valueName: "N"),
        Option("instance", variable: "NAVBUS_INSTANCE", help: "instance name in heartbeats (default host-pid)"),
        Option("log-level", variable: "NAVBUS_LOG_LEVEL", default: "info", help: "debug, info, warning or error"),
    ])

ProcessMain.run(parser: parser) { options in
    guard let level = Logger.Level(name: options.value("log-level") ?? "info") else {
        throw UsageError("--log-level must be debug, info, warning or error")
    }
    let logger = Logger(label: "navbus-proxy", level: level)
    guard let capacity = try options.integer("cache-capacity"), capacity > 0 else {
        throw UsageError("--cache-capacity must be a positive whole number")
    }
    let security = try SecurityOptions.security(from: options, role: .server, logger: logger)
    let stop = StopFlag()
    let signals = SignalStop.install(stop, logger: logger)
    let reload = AccessControlReload.install(security, logger: logger)
    let context = ZMQContext(security: security)
    let proxy = BusProxy(
        configuration: .init(
            publisherEndpoint: try options.require("pub"), subscriberEndpoint: try options.require("sub"),
            vehicleSubscriberEndpoint: security.isSecure ? try options.require("vehicle-sub") : nil,
            cacheCapacity: capacity, identity: SourceIdentity(role: "proxy", instance: options.value("instance")),
            version: NavbusVersion.current),
        context: context)
    try proxy.run(stop: stop) { logger.info($0) }
    logger.info("stopped; forwarded \(proxy.counters.value("forwarded")) messages")
    withExtendedLifetime((signals, reload)) {}
}
