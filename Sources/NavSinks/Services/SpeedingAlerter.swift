import NavCore
import NavBus
public import NavService
public import NavProtocol

/// The `navbus-speeding-alerter` service: one ``SpeedAlertStateMachine`` per vehicle fed by `nav.speeding.v1`;
/// publishes `alert.speeding.v1` on every change, writes a line to standard error and runs the optional hook.
///
/// Hook environment: `NAVBUS_VEHICLE`, `NAVBUS_SEVERITY` (none, minor, major), `NAVBUS_RAISED` (true or false),
/// `NAVBUS_SPEED` and `NAVBUS_SPEED_LIMIT` (m/s; the limit empty when unknown), `NAVBUS_PERCENTAGE`,
/// `NAVBUS_SINCE` (RFC 3339).
public final class SpeedingAlerter: Service {
    public struct Configuration: Sendable {
        public var settings: VehicleSinkSettings
        public var policy: SpeedAlertPolicy

        public init(settings: VehicleSinkSettings, policy: SpeedAlertPolicy) {
            self.settings = settings
            self.policy = policy
        }
    }

    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Runs until the context's stop flag is raised.
    /// - Throws: `ZMQError` when the sockets cannot be set up.
    public func run(_ context: ServiceContext) throws {
        let counters = context.counters
        let logger = context.logger
        let policy = configuration.policy
        let loop = try VehicleSinkLoop<SpeedingUpdate>(settings: configuration.settings, topic: .navSpeeding, context: context)
        var machines: [String: SpeedAlertStateMachine] = [:]

        func announce(_ alert: SpeedAlert?, vehicle: String) throws {
            guard let alert else { return }
            try loop.publisher.publish(.alertSpeeding, subject: vehicle, payload: alert)
            counters.add(alert.raised ? "alertsRaised" : "alertsLowered")
            logger.info(Self.describe(alert, vehicle: vehicle))
            loop.hooks?.run(variables: Self.hookVariables(alert, vehicle: vehicle))
        }

        logger.info(
            "alerting from \(policy.minorPercentage)% (minor) and \(policy.majorPercentage)% (major) above the limit, "
                + "clear margin \(policy.clearMargin) points, minimum duration \(policy.minimumDuration) s")
        try loop.run(
            stop: context.stop,
            observe: { vehicle, update, time in
                try announce(
                    machines[vehicle, default: SpeedAlertStateMachine(policy: policy)].observe(update, at: time),
                    vehicle: vehicle)
            },
            advance: { vehicle, time in try announce(machines[vehicle]?.advance(to: time), vehicle: vehicle) },
            heartbeatExtra: {
                [
                    "vehicles": UInt64(machines.count),
                    "alertsActive": UInt64(machines.values.filter { $0.severity != .noAlert }.count),
                ]
            })
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
