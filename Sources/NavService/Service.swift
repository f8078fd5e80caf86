public import NavCore
public import NavBus

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A long-running part of a process: the proxy, the navigator, the feeder, a sink.
///
/// A service opens its sockets in ``run(_:)``, serves until ``ServiceContext/stop`` is raised, then closes them
/// and returns. Everything a process shares — the stop flag, the logger, its identity on the bus, its counters —
/// comes in the context, so `main.swift` is configuration only and ``ServiceRunner`` does the rest.
public protocol Service: AnyObject {
    /// - Throws: when the service cannot start (an endpoint taken, a file unreadable) or fails for good.
    func run(_ context: ServiceContext) throws
}

/// What a running service gets from the process around it.
public struct ServiceContext: Sendable {
    /// The process name, e.g. `navbus-navigator`; the label of log lines and the `process` of heartbeats.
    public let process: String
    /// Raised by SIGINT or SIGTERM.
    public let stop: StopFlag
    public let logger: Logger
    /// The process's `source` on the bus.
    public let identity: SourceIdentity
    /// The counters the heartbeat reports.
    public let counters: BusCounters
    /// The keys and access control from `--secret-key`, `--server-key` and `--acl` (also the process default
    /// every `ZMQContext()` takes).
    public let security: BusSecurity

    public init(
        process: String, stop: StopFlag, logger: Logger, identity: SourceIdentity, counters: BusCounters,
        security: BusSecurity = .processDefault
    ) {
        self.process = process
        self.stop = stop
        self.logger = logger
        self.identity = identity
        self.counters = counters
        self.security = security
    }

    /// Publishes `sys.heartbeat.v1` once a second from `reactor` through `publisher`.
    /// - Parameter extra: counters of the moment added to each heartbeat (queue depths, session counts).
    public func scheduleHeartbeat(
        on reactor: Reactor, publisher: Publisher, extra: @escaping () -> [String: UInt64] = { [:] }
    ) {
        HeartbeatPublisher(process: process, identity: identity, counters: counters)
            .schedule(on: reactor, publisher: publisher, extra: extra)
    }
}

/// Runs one service as a process: parses the options (adding `--instance` and `--log-level`), installs the
/// signal handlers, builds the service from the options, runs it, and exits with the right code — 0 after a
/// clean stop, 64 for a usage error, 1 with a one-line reason for anything else.
public struct ServiceRunner {
    /// The options every service process accepts besides its own.
    public static let processOptions: [Option] = [
        Option("instance", variable: "NAVBUS_INSTANCE", help: "instance name in heartbeats (default host-pid)"),
        Option("log-level", variable: "NAVBUS_LOG_LEVEL", default: "info", help: "debug, info, warning or error"),
    ]

    public let parser: OptionParser
    /// The bus role in `source` (`navbus://<role>/<instance>`), e.g. `navigator`.
    public let role: String
    /// Whether the process connects, serves or both: which of the security options it takes.
    public let security: SecurityOptions.Role

    /// - Parameters:
    ///   - security: what the process does on the bus, which decides its key options (``SecurityOptions``).
    ///   - options: the process's own options; ``processOptions`` and the security options are added unless
    ///     already present.
    public init(
        command: String, role: String, summary: String, usage: String, security: SecurityOptions.Role = .client,
        options: [Option]
    ) {
        let names = Set(options.map(\.name))
        parser = OptionParser(
            command: command, summary: summary, usage: usage,
            options: options
                + (Self.processOptions + SecurityOptions.options(for: security)).filter { !names.contains($0.name) })
        self.role = role
        self.security = security
    }

    /// Parses `arguments`, builds the service with `make` and runs it until SIGINT or SIGTERM; never returns.
    /// - Parameter make: turns the parsed options into the service; throws `UsageError` for bad values.
    public func main(
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        make: (ParsedOptions, ServiceContext) throws -> any Service
    ) -> Never {
        ProcessMain.run(parser: parser, arguments: arguments) { options in
            let context = try self.context(options)
            let signals = SignalStop.install(context.stop, logger: context.logger)
            let reload = AccessControlReload.install(context.security, logger: context.logger)
            let service = try make(options, context)
            SecurityOptions.announce(context.security, logger: context.logger)
            try service.run(context)
            context.logger.info("stopped")
            withExtendedLifetime((signals, reload)) {}
        }
    }

    /// The context `options` ask for: the logger at `--log-level`, the identity with `--instance`, the keys
    /// and ACL of the security options (installed as the process default).
    /// - Throws: `UsageError` for an unknown log level or unusable keys.
    public func context(_ options: ParsedOptions) throws(UsageError) -> ServiceContext {
        let logger = Logger(label: parser.command, level: try Self.logLevel(options))
        return ServiceContext(
            process: parser.command, stop: StopFlag(), logger: logger,
            identity: SourceIdentity(role: role, instance: options.value("instance")), counters: BusCounters(),
            security: try SecurityOptions.security(from: options, role: security, logger: logger))
    }

    /// The level `--log-level` names (info when absent).
    /// - Throws: `UsageError` that lists the levels.
    public static func logLevel(_ options: ParsedOptions) throws(UsageError) -> LogLevel {
        let name = options.value("log-level") ?? "info"
        guard let level = LogLevel(name: name) else {
            throw UsageError(
                "--log-level must be one of \(LogLevel.allCases.map(\.name).joined(separator: ", ")), got '\(name)'")
        }
        return level
    }
}
