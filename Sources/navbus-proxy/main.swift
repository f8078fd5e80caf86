import NavBus
import NavService

let parser = OptionParser(
    command: "navbus-proxy",
    summary: "the navbus bus: forwards publishers to subscribers and keeps the last value of every (topic, vehicle)",
    usage: "navbus-proxy [--pub ENDPOINT] [--sub ENDPOINT] [--cache-capacity N] [--cache-bytes N] [--instance NAME]",
    options: Endpoints.busOptions + [
        Option(
            "cache-capacity", variable: "NAVBUS_CACHE_CAPACITY", default: "100000",
            help: "most (topic, vehicle) entries kept in the last-value cache", valueName: "N"),
        Option(
            "cache-bytes", variable: "NAVBUS_CACHE_BYTES", default: "67108864",
            help: "most bytes of messages kept in the last-value cache (64 MiB)", valueName: "N"),
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
    guard let cacheBytes = try options.integer("cache-bytes"), cacheBytes >= 1 << 20 else {
        throw UsageError("--cache-bytes must be a whole number of bytes, at least 1048576 (1 MiB)")
    }
    let stop = StopFlag()
    let signals = SignalStop.install(stop, logger: logger)
    let context = ZMQContext()
    let proxy = BusProxy(
        configuration: .init(
            publisherEndpoint: try options.require("pub"), subscriberEndpoint: try options.require("sub"),
            cacheCapacity: capacity, cacheBytes: cacheBytes, identity: SourceIdentity(role: "proxy", instance: options.value("instance")),
            version: NavbusVersion.current),
        context: context)
    try proxy.run(stop: stop) { logger.info($0) }
    logger.info("stopped; forwarded \(proxy.counters.value("forwarded")) messages")
    withExtendedLifetime(signals) {}
}
