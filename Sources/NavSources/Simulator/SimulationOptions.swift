/// Settings of a ``RouteSimulator``; all of them may change while it runs.
public struct SimulationOptions: Sendable, Equatable {
    /// Simulated seconds between two fixes.
    public var interval: Double = 1
    /// How much faster than real time the feeder should play the fixes back. The simulator itself only
    /// uses it through ``wallClockSecondsPerFix``: fix timestamps always advance by ``interval``.
    public var speedMultiplier: Double = 1
    /// When true, fixes keep coming but the vehicle stands still (speed 0).
    public var paused = false
    /// Standard deviation in metres of the Gaussian noise added to each axis of the reported position.
    public var jitterMeters: Double = 0
    /// How fast the driver wants to go.
    public var speedProfile: SpeedProfile = .limit
    /// Distance along the route (from the start of the first leg) at which the vehicle turns off at right
    /// angles and drives away, to exercise rerouting. It happens once per trip: the route that replaces it
    /// (``RouteSimulator/replaceRoute(with:)``, the navigator's reroute) is then followed to the end.
    public var leaveRouteAtMeters: Double?
    /// How far the vehicle drives away from the route before it stops and waits for a new one.
    public var offRouteDistanceMeters: Double = 400
    /// How long the vehicle waits at the end of an intermediate leg before driving on; `nil` waits until
    /// ``RouteSimulator/continueToNextLeg()``.
    public var stopDurationSeconds: Double? = 10
    /// Comfortable acceleration in m/s².
    public var acceleration: Double = 2
    /// Comfortable braking in m/s².
    public var deceleration: Double = 3
    /// Lateral acceleration limit in curves, m/s²: the turn speed is √(a · r).
    public var lateralAcceleration: Double = 2.5

    public init() {}

    /// Real seconds the feeder should wait between two fixes: `interval / speedMultiplier`.
    public var wallClockSecondsPerFix: Double { interval / max(speedMultiplier, 1e-6) }

    /// Largest `jitterMeters` accepted: noise beyond a kilometre is no longer a GPS error but a teleport, and
    /// far beyond it the simulated positions leave the planet (1e308 gave latitude 1.5e302).
    public static let maximumJitterMeters = 1_000.0
    /// Largest `speedMultiplier` accepted.
    public static let maximumSpeedMultiplier = 1_000.0
    /// Longest `interval` between two fixes, seconds.
    public static let maximumInterval = 3_600.0

    /// Checks every value is in range.
    /// - Throws: ``SourceError`` `.invalidOption` naming the first bad value.
    public func validate() throws {
        func require(_ condition: Bool, _ message: String) throws {
            if !condition { throw SourceError(.invalidOption, message) }
        }
        try require(
            interval > 0 && interval <= Self.maximumInterval,
            "interval must be a number of seconds above 0 and at most \(Int(Self.maximumInterval)), got \(interval)")
        try require(
            speedMultiplier > 0 && speedMultiplier <= Self.maximumSpeedMultiplier,
            "speedMultiplier must be above 0 and at most \(Int(Self.maximumSpeedMultiplier)), got \(speedMultiplier)")
        try require(
            jitterMeters >= 0 && jitterMeters <= Self.maximumJitterMeters,
            "jitterMeters must be from 0 to \(Int(Self.maximumJitterMeters)), got \(jitterMeters)")
        try require(leaveRouteAtMeters.map { $0 >= 0 && $0.isFinite } ?? true, "leaveRouteAtMeters must be zero or positive")
        try require(offRouteDistanceMeters > 0 && offRouteDistanceMeters.isFinite, "offRouteDistanceMeters must be positive")
        try require(stopDurationSeconds.map { $0 >= 0 && $0.isFinite } ?? true, "stopDurationSeconds must be zero or positive")
        try require(
            [acceleration, deceleration, lateralAcceleration].allSatisfy { $0 > 0 && $0 <= 100 },
            "accelerations must be above 0 and at most 100 m/s²")
        try require(
            leaveRouteAtMeters.map { $0 <= 1e7 } ?? true && offRouteDistanceMeters <= 1e5
                && (stopDurationSeconds.map { $0 <= 86_400 } ?? true),
            "leaveRouteAtMeters (at most 10,000 km), offRouteDistanceMeters (100 km) and stopDurationSeconds (1 day) "
                + "must stay within bounds")
    }
}
