import NavGuidance
import NavProtocol

/// Everything the navigator keeps for one vehicle, and what it saves to survive a restart.
struct VehicleSession: Codable, Sendable {
    /// Version of the saved form, raised on incompatible changes.
    static let formatVersion = 1

    var format = VehicleSession.formatVersion
    var vehicle: String
    /// The options set with `navigator.configure`.
    var configuration: NavigatorConfiguration
    /// The waypoints of the last `navigator.setDestinations`, as the caller gave them; destination
    /// indices of the engine count in this list.
    var destinations: [NavProtocol.Waypoint] = []
    /// The per-trip options of that call, reused for reroutes and faster-route checks.
    var tripOptions: NavProtocol.RoutingOptions?
    /// Extras for each leg of the engine's route, in the same order.
    var legs: [SessionLeg] = []
    /// The engine's state: route, progress, arrivals, monitors.
    var guidance: GuidanceState
    /// The latest raw fix, the origin of the next planned route.
    var lastFix: GPSFix?
    /// The latest road-snapped location published.
    var lastLocation: NavProtocol.SnappedLocation?
    /// What voice guidance has said on the route; nil until the first input reaches it (and in sessions
    /// saved before voice guidance existed).
    var voice: VoiceGuidanceState?

    init(vehicle: String, configuration: NavigatorConfiguration = .defaults) {
        self.vehicle = vehicle
        self.configuration = configuration
        guidance = GuidanceState(options: GuidanceOptions(configuration))
    }

    /// Whether the session holds anything worth keeping across a restart.
    var isWorthSaving: Bool {
        !destinations.isEmpty || guidance.isGuidanceActive || guidance.isUpdatingLocation
            || configuration != .defaults
    }
}
