import NavCore
import NavBus
public import NavService
public import NavProtocol

/// The `navbus-lighting-controller` service: one ``LightingDwellFilter`` per vehicle fed by
/// `nav.lighting_mode.v1`; publishes `ui.lighting.v1` with the applied mode and its theme on every change and runs
/// the optional hook.
///
/// Hook environment: `NAVBUS_VEHICLE`, `NAVBUS_LIGHTING_MODE` (normal or lowLight), `NAVBUS_THEME` (the theme's
/// name), `NAVBUS_PRIMARY_BACKGROUND`, `NAVBUS_SECONDARY_BACKGROUND`, `NAVBUS_TEXT_COLOUR`,
/// `NAVBUS_ACCENT_COLOUR` (`#RRGGBB`), `NAVBUS_CHANGED_AT` (RFC 3339).
public final class LightingController: Service {
    public struct Configuration: Sendable {
        public var settings: VehicleSinkSettings
        /// Seconds of message time a new suggestion must persist before it is applied.
        public var dwellSeconds: Double
        public var themes: LightingThemes

        public init(settings: VehicleSinkSettings, dwellSeconds: Double, themes: LightingThemes = LightingThemes()) {
            self.settings = settings
            self.dwellSeconds = dwellSeconds
            self.themes = themes
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
        let dwell = configuration.dwellSeconds
        let themes = configuration.themes
        let loop = try VehicleSinkLoop<LightingModeSuggestion>(settings: configuration.settings, topic: .navLightingMode, context: context)
        var filters: [String: LightingDwellFilter] = [:]

        func apply(_ change: LightingDwellFilter.Change?, vehicle: String) throws {
            guard let change else { return }
            let applied = AppliedLighting(
                appliedMode: change.mode, theme: themes.theme(for: change.mode), changedAt: change.changedAt)
            try loop.publisher.publish(.uiLighting, subject: vehicle, payload: applied)
            counters.add("modesApplied")
            logger.info("applied \(change.mode.rawValue) (theme \(applied.theme.name)) for \(vehicle)")
            loop.hooks?.run(variables: Self.hookVariables(applied, vehicle: vehicle))
        }

        logger.info("applying lighting suggestions after a dwell of \(dwell) s")
        try loop.run(
            stop: context.stop,
            observe: { vehicle, suggestion, time in
                try apply(
                    filters[vehicle, default: LightingDwellFilter(dwellSeconds: dwell)].observe(suggestion.mode, at: time),
                    vehicle: vehicle)
            },
            advance: { vehicle, time in try apply(filters[vehicle]?.advance(to: time), vehicle: vehicle) },
            heartbeatExtra: { ["vehicles": UInt64(filters.count)] })
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
