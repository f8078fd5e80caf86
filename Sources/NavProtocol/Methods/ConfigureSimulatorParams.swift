/// `locationSimulator.configure` parameters: change how the simulator drives; absent fields keep
/// their value. The result is the ``SimulatorStatus`` after the change.
public struct ConfigureSimulatorParams: Codable, Sendable, Equatable, VehicleScoped {
    /// The vehicle the call is for; absent means ``Vehicle/defaultID``.
    public var vehicle: String?
    /// How much faster than real time the drive runs (1 = real time); greater than 0.
    public var speedMultiplier: Double?
    /// `true` holds the vehicle where it is (fixes keep coming, with speed 0).
    public var paused: Bool?
    /// Standard deviation in metres of the noise added to each simulated fix; 0 for none.
    public var jitterMeters: Double?
    /// Which speeds the simulated vehicle drives at.
    public var speedProfile: SpeedProfile?
    /// After this many metres along the route the vehicle leaves it (to exercise rerouting);
    /// a negative value turns it off.
    public var leaveRouteAtMeters: Double?

    public init(
        vehicle: String? = nil, speedMultiplier: Double? = nil, paused: Bool? = nil, jitterMeters: Double? = nil,
        speedProfile: SpeedProfile? = nil, leaveRouteAtMeters: Double? = nil
    ) {
        self.vehicle = vehicle
        self.speedMultiplier = speedMultiplier
        self.paused = paused
        self.jitterMeters = jitterMeters
        self.speedProfile = speedProfile
        self.leaveRouteAtMeters = leaveRouteAtMeters
    }
}

/// The speeds a simulated vehicle drives at along a route.
public enum SpeedProfile: String, Codable, Sendable, CaseIterable {
    /// Each segment's free-flow speed (`segmentSpeeds`), slowing for turns.
    case freeFlow
    /// Each segment's speed limit where known, else its free-flow speed.
    case speedLimit
    /// 20 % above each segment's speed limit, to exercise speed alerts.
    case speeding
}
