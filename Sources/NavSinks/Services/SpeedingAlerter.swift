public import NavBus
public import NavService
public import NavProtocol

/// The `navbus-speeding-alerter` service: one ``SpeedAlertStateMachine`` per vehicle fed by `nav.speeding.v1`;
/// publishes `alert.speeding.v1` on every change, writes a line to standard error and runs the optional hook.
///
/// Hook environment: `NAVBUS_VEHICLE`, `NAVBUS_SEVERITY` (none, minor, major), `NAVBUS_RAISED` (true or false),
/// `NAVBUS_SPEED` and `NAVBUS_SPEED_LIMIT` (m/s; the limit empty when unknown), `NAVBUS_PERCENTAGE`,
/// `NAVBUS_SINCE` (RFC 3339).
public final class SpeedingAlerter {
    public struct Configuration: Sendable {
        public var subscriberEndpoint: String
        public var publisherEndpoint: String
        public var identity: SourceIdentity
        public var policy: SpeedAlertPolicy
        /// Only these vehicles, or all when `nil`.
        public var vehicles: Set<String>?
        /// The `--exec` hook, run through `/bin/sh -c`.
        public var hookCommand: String?

        public init(
            subscriberEndpoint: String, publisherEndpoint: String, identity: SourceIdentity, policy: SpeedAlertPolicy,
            vehicles: Set<String>? = nil, hookCommand: String? = nil
        ) {
            self.subscriberEndpoint = subscriberEndpoint
            self.publisherEndpoint = publisherEndpoint
            self.identity = identity
            self.policy = policy
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
        let policy = configuration.policy
        let subscriber = try Subscriber(
            context: context, endpoint: configuration.subscriberEndpoint, prefixes: ["nav.speeding."],
            counters: counters, subjects: configuration.vehicles)
        subscriber.onReject = { logger.warning("rejected a message: \($0)") }
        let publisher = try Publisher(
            context: context, endpoint: configuration.publisherEndpoint, identity: configuration.identity,
            counters: counters)
        let hooks = configuration.hookCommand.map { command in
            HookRunner(command: command, counters: counters) { logger.warning($0) }
        }
        var machines: [String: SpeedAlertStateMachine] = [:]
        var clock = MessageClock()

        func announce(_ alert: SpeedAlert, vehicle: String) throws {
            try publisher.publish(.alertSpeeding, subject: vehicle, payload: alert)
            counters.add(alert.raised ? "alertsRaised" : "alertsLowered")
            logger.info(Self.describe(alert, vehicle: vehicle))
            hooks?.run(variables: Self.hookVariables(alert, vehicle: vehicle))
        }

        let reactor = Reactor(stop: stop)
        reactor.onError = { logger.error("\($0)") }
        reactor.onReadable(subscriber.socket) {
            try subscriber.drain { message in
                guard message.topic == .navSpeeding else { return }
                let update: SpeedingUpdate
                do {
                    update = try message.decode(SpeedingUpdate.self)
                } catch {
                    counters.add("invalidPayload")
                    logger.warning("ignored a nav.speeding.v1 payload that does not fit the schema: \(error)")
                    return
                }
                let vehicle = message.header.subject
                clock.observe(vehicle: vehicle, time: message.header.time, monotonic: MonotonicClock.seconds())
                if let alert = machines[vehicle, default: SpeedAlertStateMachine(policy: policy)].observe(
                    update, at: message.header.time)
                {
                    try announce(alert, vehicle: vehicle)
                }
            }
        }
        reactor.every(0.1) {
            let monotonic = MonotonicClock.seconds()
            for vehicle in clock.vehicles {
                guard let now = clock.now(vehicle: vehicle, monotonic: monotonic),
                    let alert = machines[vehicle]?.advance(to: now)
                else { continue }
                try announce(alert, vehicle: vehicle)
            }
            hooks?.reap()
        }
        HeartbeatPublisher(process: "navbus-speeding-alerter", identity: configuration.identity, counters: counters)
            .schedule(on: reactor, publisher: publisher) {
                [
                    "vehicles": UInt64(machines.count),
                    "alertsActive": UInt64(machines.values.filter { $0.severity != .noAlert }.count),
                ]
            }
        logger.info(
            "alerting from \(policy.minorPercentage)% (minor) and \(policy.majorPercentage)% (major) above the limit, "
                + "clear margin \(policy.clearMargin) points, minimum duration \(policy.minimumDuration) s")
        try reactor.run()
        hooks?.waitForRunning(timeout: 2)
    }

    /// The line written to standard error for an alert.
    public static func describe(_ alert: SpeedAlert, vehicle: String) -> String {
        let speed = "\(kilometresPerHour(alert.speed)) km/h"
        let limit = alert.speedLimit.map { "limit \(kilometresPerHour($0)) km/h" } ?? "limit unknown"
        let percentage = "\((alert.percentageAboveLimit * 10).rounded() / 10)% above"
        switch (alert.severity, alert.raised) {
        case (.noAlert, _):
            return "speed alert CLEARED for \(vehicle): \(speed), \(limit)"
        case (let severity, true):
            return "speed alert RAISED for \(vehicle): \(severity.rawValue.uppercased()) — \(speed), \(limit), \(percentage)"
        case (let severity, false):
            return "speed alert LOWERED for \(vehicle): \(severity.rawValue.uppercased()) — \(speed), \(limit), \(percentage)"
        }
    }

    /// The environment variables the hook gets for an alert.
    public static func hookVariables(_ alert: SpeedAlert, vehicle: String) -> [String: String] {
        [
            "NAVBUS_VEHICLE": vehicle,
            "NAVBUS_SEVERITY": alert.severity.rawValue,
            "NAVBUS_RAISED": alert.raised ? "true" : "false",
            "NAVBUS_SPEED": String(alert.speed),
            "NAVBUS_SPEED_LIMIT": alert.speedLimit.map { String($0) } ?? "",
            "NAVBUS_PERCENTAGE": String(alert.percentageAboveLimit),
            "NAVBUS_SINCE": alert.since.rfc3339,
        ]
    }

    private static func kilometresPerHour(_ metresPerSecond: Double) -> Int {
        Int((metresPerSecond * 3.6).rounded())
    }
}
