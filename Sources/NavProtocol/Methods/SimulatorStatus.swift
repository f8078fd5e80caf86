/// The result of every `locationSimulator.*` method: what the simulator does now.
public struct SimulatorStatus: Codable, Sendable, Equatable {
    /// What the simulator is producing fixes for.
    public var mode: SimulationMode
    /// Whether the vehicle is held where it is.
    public var paused: Bool
    /// How much faster than real time the drive runs.
    public var speedMultiplier: Double
    /// Standard deviation in metres of the noise added to each fix.
    public var jitterMeters: Double
    /// How fast the vehicle drives, e.g. `limit`.
    public var speedProfile: SimulatorSpeedProfile
    /// Where along the route the vehicle will leave it, when set.
    public var leaveRouteAtMeters: Double?
    /// Metres driven along the current route, in `route` mode.
    public var distanceAlongRouteMeters: Double?

    public init(
        mode: SimulationMode, paused: Bool, speedMultiplier: Double, jitterMeters: Double, speedProfile: SimulatorSpeedProfile,
        leaveRouteAtMeters: Double? = nil, distanceAlongRouteMeters: Double? = nil
    ) {
        self.mode = mode
        self.paused = paused
        self.speedMultiplier = speedMultiplier
        self.jitterMeters = jitterMeters
        self.speedProfile = speedProfile
        self.leaveRouteAtMeters = leaveRouteAtMeters
        self.distanceAlongRouteMeters = distanceAlongRouteMeters
    }
}

/// What the location simulator is doing.
public enum SimulationMode: String, Codable, Sendable, CaseIterable {
    /// Not producing fixes.
    case stopped
    /// Driving along the vehicle's current route.
    case route
    /// Holding the vehicle at a fixed location.
    case location
}
