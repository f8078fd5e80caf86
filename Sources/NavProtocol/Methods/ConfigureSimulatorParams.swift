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
    /// How fast the simulated vehicle drives, e.g. `limit+15%`.
    public var speedProfile: SimulatorSpeedProfile?
    /// After this many metres along the route the vehicle leaves it (to exercise rerouting);
    /// a negative value turns it off.
    public var leaveRouteAtMeters: Double?

    public init(
        vehicle: String? = nil, speedMultiplier: Double? = nil, paused: Bool? = nil, jitterMeters: Double? = nil,
        speedProfile: SimulatorSpeedProfile? = nil, leaveRouteAtMeters: Double? = nil
    ) {
        self.vehicle = vehicle
        self.speedMultiplier = speedMultiplier
        self.paused = paused
        self.jitterMeters = jitterMeters
        self.speedProfile = speedProfile
        self.leaveRouteAtMeters = leaveRouteAtMeters
    }
}

/// How fast a simulated vehicle drives, in its text form: `limit` (each road's posted limit, or the travel
/// mode's speed where none is posted), `limit+15%` / `limit-10%` (the limit scaled, to exercise speeding),
/// or `constant:13.9` (one speed in m/s everywhere).
///
/// The wire form is the string itself, so the grammar can grow without a new enum case; the feeder
/// validates it and answers `Invalid params` for anything else.
public struct SimulatorSpeedProfile: RawRepresentable, Codable, Sendable, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The text, for example `limit+15%`.
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// Each road's posted limit, the feeder's default.
    public static let limit = SimulatorSpeedProfile(rawValue: "limit")

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
