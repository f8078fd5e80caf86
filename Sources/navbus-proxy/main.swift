import NavBus
import NavService

ServiceRunner(
    command: "navbus-proxy", role: "proxy",
    summary: "the navbus bus: forwards publishers to subscribers and keeps the last value of every (topic, vehicle)",
    usage: "navbus-proxy [--pub ENDPOINT] [--sub ENDPOINT] [--cache-capacity N] [--cache-bytes N] [--instance NAME] "
        + "[--secret-key FILE --acl FILE [--vehicle-sub ENDPOINT]]",
    security: .server,
    options: Endpoints.busOptions + [
        Option(
            "vehicle-sub", variable: Endpoints.vehicleSubscriberVariable, default: Endpoints.defaultVehicleSubscriber,
            help: "with CURVE: where subscribers limited to some vehicles connect (their own XPUB)", valueName: "ENDPOINT"),
        Option(
            "cache-capacity", variable: "NAVBUS_CACHE_CAPACITY", default: "100000",
            help: "most (topic, vehicle) entries kept in the last-value cache", valueName: "N"),
        Option(
            "cache-bytes", variable: "NAVBUS_CACHE_BYTES", default: "67108864",
            help: "most bytes of messages kept in the last-value cache (64 MiB)", valueName: "N"),
    ]
).main { options, context in
    guard let capacity = try options.integer("cache-capacity"), capacity > 0 else {
        throw UsageError("--cache-capacity must be a positive whole number")
    }
    guard let cacheBytes = try options.integer("cache-bytes"), cacheBytes >= 1 << 20 else {
        throw UsageError("--cache-bytes must be a whole number of bytes, at least 1048576 (1 MiB)")
    }
    return BusProxy(
        configuration: .init(
            publisherEndpoint: try options.require("pub"), subscriberEndpoint: try options.require("sub"),
            vehicleSubscriberEndpoint: context.security.isSecure ? try options.require("vehicle-sub") : nil,
            cacheCapacity: capacity, cacheBytes: cacheBytes, identity: context.identity, version: NavbusVersion.current),
        context: ZMQContext())
}
