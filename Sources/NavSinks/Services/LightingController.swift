public import NavBus
public import NavService
public import NavProtocol

/// The `navbus-lighting-controller` service: one ``LightingDwellFilter`` per vehicle fed by
/// `nav.lighting_mode.v1`; publishes `ui.lighting.v1` with the applied mode and its theme on every change and runs
/// the optional hook.
///
/// Hook environment: `NAVBUS_VEHICLE`, `NAVBUS_LIGHTING_MODE` (normal or lowLight), `NAVBUS_THEME` (the theme's
/// name), `NAVBUS_PRIMARY_BACKGROUND`, `NAVBUS_SECONDARY_BACKGROUND`, `NAVBUS_TEXT_COLOUR`,
/// `NAVBUS_ACCENT_COLOUR` (`#RRGGBB`), `NAVBUS_CHANGED_AT` (RFC 3339).
public final class LightingController {
    public struct Configuration: Sendable {
        public var subscriberEndpoint: String
        public var publisherEndpoint: String
        public var identity: SourceIdentity
        /// Seconds of message time a new suggestion must persist before it is applied.
        public var dwellSeconds: Double
        public var themes: LightingThemes
        /// Only these vehicles, or all when `nil`.
        public var vehicles: Set<String>?
        /// The `--exec` hook, run through `/bin/sh -c`.
        public var hookCommand: String?

        public init(
            subscriberEndpoint: String, publisherEndpoint: String, identity: SourceIdentity, dwellSeconds: Double,
            themes: LightingThemes = LightingThemes(), vehicles: Set<String>? = nil, hookCommand: String? = nil
        ) {
            self.subscriberEndpoint = subscriberEndpoint
            self.publisherEndpoint = publisherEndpoint
            self.identity = identity
            self.dwellSeconds = dwellSeconds
            self.themes = themes
            self.vehicles = vehicles
            self.hookCommand = hookCommand
        }
    }

    public let configuration: Configuration
    public let counters = BusCounters()
    private let logger: Logger

    public init(configuration: Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Runs until `stop` is requested.
    /// - Throws: `ZMQError` when the sockets cannot be set up.
    public func run(stop: StopFlag) throws {
        let context = ZMQContext()
        let counters = self.counters
        let logger = self.logger
        let dwell = configuration.dwellSeconds
        let themes = configuration.themes
        let subscriber = try Subscriber(
            context: context, endpoint: configuration.subscriberEndpoint, prefixes: ["nav.lighting_mode."],
            counters: counters, subjects: configuration.vehicles)
        subscriber.onReject = { logger.warning("rejected a message: \($0)") }
        let publisher = try Publisher(
            context: context, endpoint: configuration.publisherEndpoint, identity: configuration.identity,
            counters: counters)
        let hooks = configuration.hookCommand.map { command in
            HookRunner(command: command, counters: counters) { logger.warning($0) }
        }
        var filters: [String: LightingDwellFilter] = [:]
        var clock = MessageClock()

        func apply(_ change: LightingDwellFilter.Change, vehicle: String) throws {
            let applied = AppliedLighting(
                appliedMode: change.mode, theme: themes.theme(for: change.mode), changedAt: change.changedAt)
            try publisher.publish(.uiLighting, subject: vehicle, payload: applied)
            counters.add("modesApplied")
            logger.info("applied \(change.mode.rawValue) (theme \(applied.theme.name)) for \(vehicle)")
            hooks?.run(variables: Self.hookVariables(applied, vehicle: vehicle))
        }

        let reactor = Reactor(stop: stop)
        reactor.onError = { logger.error("\($0)") }
        reactor.onReadable(subscriber.socket) {
            try subscriber.drain { message in
                guard message.topic == .navLightingMode else { return }
                let suggestion: LightingModeSuggestion
                do {
                    suggestion = try message.decode(LightingModeSuggestion.self)
                } catch {
                    counters.add("invalidPayload")
                    logger.warning("ignored a nav.lighting_mode.v1 payload that does not fit the schema: \(error)")
                    return
                }
                let vehicle = message.header.subject
                clock.observe(vehicle: vehicle, time: message.header.time, monotonic: MonotonicClock.seconds())
                if let change = filters[vehicle, default: LightingDwellFilter(dwellSeconds: dwell)].observe(
                    suggestion.mode, at: message.header.time)
                {
                    try apply(change, vehicle: vehicle)
                }
            }
        }
        reactor.every(0.1) {
            let monotonic = MonotonicClock.seconds()
            for vehicle in clock.vehicles {
                guard let now = clock.now(vehicle: vehicle, monotonic: monotonic),
                    let change = filters[vehicle]?.advance(to: now)
                else { continue }
                try apply(change, vehicle: vehicle)
            }
            hooks?.reap()
        }
        HeartbeatPublisher(process: "navbus-lighting-controller", identity: configuration.identity, counters: counters)
            .schedule(on: reactor, publisher: publisher) { ["vehicles": UInt64(filters.count)] }
        logger.info("applying lighting suggestions after a dwell of \(dwell) s")
        try reactor.run()
        hooks?.waitForRunning(timeout: 2)
    }

    /// The environment variables the hook gets for an applied mode.
    public static func hookVariables(_ applied: AppliedLighting, vehicle: String) -> [String: String] {
        [
            "NAVBUS_VEHICLE": vehicle,
            "NAVBUS_LIGHTING_MODE": applied.appliedMode.rawValue,
            "NAVBUS_THEME": applied.theme.name,
            "NAVBUS_PRIMARY_BACKGROUND": applied.theme.primaryBackground,
            "NAVBUS_SECONDARY_BACKGROUND": applied.theme.secondaryBackground,
            "NAVBUS_TEXT_COLOUR": applied.theme.text,
            "NAVBUS_ACCENT_COLOUR": applied.theme.accent,
            "NAVBUS_CHANGED_AT": applied.changedAt.rfc3339,
        ]
    }
}
