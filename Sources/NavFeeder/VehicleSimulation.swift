import NavProtocol
import NavSources

/// One simulated vehicle: its route simulator, the route the navigator last published for it, and when its
/// next fix is due in wall-clock time.
struct VehicleSimulation: Sendable {
    private(set) var simulator: RouteSimulator
    /// The navigator's latest route for this vehicle, driven by ``driveNavigatorRoute(now:)``.
    private(set) var navigatorRoute: NavigatorRoute?
    /// `firstLegIndex` of the navigator route the simulator is driving, to recognise the `nextDestination`
    /// that releases it from a stop at an intermediate destination.
    private var drivenFirstLegIndex: Int?
    /// A trip of the vehicle's own (fleet mode), driven again from the start on arrival until the navigator
    /// gives the vehicle a route.
    private var loop: SimulatedRoute?
    /// Monotonic time at which the next fix is due.
    private(set) var nextFixDue: Double = 0
    private let seed: UInt64
    private var restarts: UInt64 = 0

    /// Most fixes one vehicle produces in one tick when the reactor fell behind; beyond that the schedule
    /// restarts from now. An overloaded feeder (a large fleet at a high multiplier) thus drives its vehicles
    /// slower in wall-clock time, with timestamps still one interval apart, instead of publishing bursts that
    /// keep the reactor from noticing a stop request.
    static let maximumCatchUp = 5

    init(options: SimulationOptions, seed: UInt64) {
        var options = options
        // A vehicle the navigator guides waits at an intermediate destination until
        // `navigator.continueToNextDestination` publishes the next leg, as the SDK's simulator does.
        options.stopDurationSeconds = nil
        simulator = RouteSimulator(options: options, startTime: .now(), seed: seed)
        self.seed = seed
    }

    var options: SimulationOptions { simulator.options }

    /// Whether the vehicle is on a trip (driving, stopped on the way or at its end, or off the route).
    var isOnTrip: Bool {
        switch simulator.state {
        case .idle, .fixedLocation: false
        case .driving, .stoppedAtWaypoint, .arrived, .offRoute: true
        }
    }

    var status: SimulatorStatus {
        let mode: SimulationMode =
            switch simulator.state {
            case .idle: .stopped
            case .fixedLocation: .location
            default: .route
            }
        let options = simulator.options
        return SimulatorStatus(
            mode: mode, paused: options.paused, speedMultiplier: options.speedMultiplier,
            jitterMeters: options.jitterMeters, speedProfile: SimulatorSpeedProfile(rawValue: options.speedProfile.description),
            leaveRouteAtMeters: options.leaveRouteAtMeters,
            distanceAlongRouteMeters: mode == .route ? simulator.distanceAlongRoute : nil)
    }

    // MARK: Commands

    /// Starts driving the navigator's route from its beginning.
    /// - Returns: `false` when the navigator has published no route for the vehicle.
    mutating func driveNavigatorRoute(now: Double) -> Bool {
        guard let navigatorRoute else { return false }
        wake(now: now)
        loop = nil
        simulator.options.stopDurationSeconds = nil
        simulator.simulateLocationsAlong(navigatorRoute.route)
        drivenFirstLegIndex = navigatorRoute.firstLegIndex
        return true
    }

    /// Drives `route` over and over, waiting `stopSeconds` at each intermediate stop (fleet mode).
    mutating func driveLoop(_ route: SimulatedRoute, stopSeconds: Double, now: Double) {
        wake(now: now)
        loop = route
        drivenFirstLegIndex = nil
        simulator.options.stopDurationSeconds = stopSeconds
        simulator.simulateLocationsAlong(route)
    }

    mutating func hold(latitude: Double, longitude: Double, now: Double) {
        wake(now: now)
        loop = nil
        drivenFirstLegIndex = nil
        simulator.simulateLocation(latitude: latitude, longitude: longitude)
    }

    mutating func stop() {
        loop = nil
        drivenFirstLegIndex = nil
        simulator.stopSimulation()
    }

    /// Applies new settings; a faster playback takes effect at once rather than after the pending fix.
    mutating func configure(_ options: SimulationOptions, now: Double) {
        simulator.options = options
        nextFixDue = min(nextFixDue, now + options.wallClockSecondsPerFix)
    }

    /// Takes the navigator's new route. A vehicle on a trip follows it: it drives on from a stop at an
    /// intermediate destination when the navigator moved on to the next leg, switches to a reroute without
    /// stopping, and stands where it is when the route was cleared.
    /// - Throws: `SourceError` when the route has unusable geometry; the previous route is then kept.
    mutating func follow(_ change: RouteChanged) throws {
        let route = try NavigatorRoute(change)
        navigatorRoute = route
        guard isOnTrip, loop == nil || route != nil else { return }
        guard let route else {
            if let here = simulator.currentPosition {
                simulator.simulateLocation(latitude: here.latitude, longitude: here.longitude)
            }
            drivenFirstLegIndex = nil
            return
        }
        loop = nil
        simulator.options.stopDurationSeconds = nil
        if change.reason == .nextDestination, case .stoppedAtWaypoint(let legIndex) = simulator.state,
            let first = drivenFirstLegIndex, first + legIndex + 1 == route.firstLegIndex
        {
            simulator.continueToNextLeg()
        } else {
            simulator.replaceRoute(with: route.route)
            drivenFirstLegIndex = route.firstLegIndex
        }
    }

    // MARK: Time

    /// Whether a fix is due by `now`: the cheap check made for every vehicle on every tick.
    func isDue(now: Double) -> Bool {
        nextFixDue <= now && simulator.state != .idle
    }

    /// Steps the simulator for every fix due by `now` (monotonic seconds), handing each to `deliver`.
    mutating func produceFixes(now: Double, _ deliver: (GPSFix) throws -> Void) rethrows {
        guard simulator.state != .idle else { return }
        var produced = 0
        while nextFixDue <= now {
            guard produced < Self.maximumCatchUp else {
                nextFixDue = now + simulator.options.wallClockSecondsPerFix
                break
            }
            if let fix = simulator.step() { try deliver(fix) }
            nextFixDue += simulator.options.wallClockSecondsPerFix
            produced += 1
        }
        if let loop, simulator.state == .arrived {
            simulator.simulateLocationsAlong(loop)
        }
    }

    /// Restarts the simulated clock of an idle vehicle near the present (never going back), so a trip
    /// started long after the feeder has current timestamps, and makes its first fix due at once.
    private mutating func wake(now: Double) {
        guard simulator.state == .idle else { return }
        let options = simulator.options
        let start = max(Timestamp.now().adding(seconds: -options.interval), simulator.time)
        restarts += 1
        simulator = RouteSimulator(options: options, startTime: start, seed: seed &+ restarts &* 0x9E37_79B9_7F4A_7C15)
        nextFixDue = now
    }
}
