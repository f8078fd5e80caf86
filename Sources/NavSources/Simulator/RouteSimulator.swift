public import NavCore
public import NavProtocol

/// Drives a simulated vehicle along a route and reports where it is, one ``GPSFix`` per step.
///
/// The simulator is a pure value: it reads no clock and no global random source. Each ``step()`` advances
/// simulated time by ``SimulationOptions/interval`` from the start time given at creation, and noise comes
/// from a seeded generator, so equal inputs give equal fixes. The feeder calls `step()` every
/// ``SimulationOptions/wallClockSecondsPerFix`` real seconds.
///
/// Motion: the driver aims for each segment's speed from the ``SpeedProfile``, accelerates at
/// ``SimulationOptions/acceleration``, and brakes at ``SimulationOptions/deceleration`` early enough to
/// take every corner no faster than √(lateral acceleration × corner radius), to enter a slower road at its
/// speed, and to stop at the end of each leg.
public struct RouteSimulator: Sendable {
    /// What the simulated vehicle is doing.
    public enum State: Sendable, Equatable {
        /// No simulation: ``step()`` returns `nil`.
        case idle
        /// Standing at a position given by ``simulateLocation(latitude:longitude:)``.
        case fixedLocation
        /// Driving the leg with this index.
        case driving(legIndex: Int)
        /// Stopped at the end of an intermediate leg, waiting to drive on.
        case stoppedAtWaypoint(legIndex: Int)
        /// Stopped at the end of the final leg.
        case arrived
        /// Driving away from the route (see ``SimulationOptions/leaveRouteAtMeters``), or stopped after it.
        case offRoute
    }

    /// Settings; change them at any time and the next step honours them.
    public var options: SimulationOptions
    /// What the vehicle is doing now.
    public private(set) var state: State = .idle
    /// Simulated time of the last fix (the start time before the first step).
    public private(set) var time: Timestamp
    /// Current speed in m/s, before any noise.
    public private(set) var speed: Double = 0
    /// Metres driven since the simulator was created.
    public private(set) var odometerMeters: Double = 0

    private var legs: [SimulatorLeg] = []
    private var legIndex = 0
    private var offRouteLeg: SimulatorLeg?
    private var segment = 0
    private var along = 0.0
    private var routeDistanceBeforeLeg = 0.0
    private var hasLeftRoute = false
    private var dwellRemaining: Double?
    private var fixedPosition = Coordinate(latitude: 0, longitude: 0)
    private var lastCourse: Double?
    private var generator: SeededGenerator

    /// Longest internal integration step in seconds, so braking points are met closely at any interval.
    private static let substep = 0.1
    /// Speed below which the last metres to a stop are crept, so a braking vehicle does arrive.
    private static let creepSpeed = 1.0

    /// - Parameters:
    ///   - options: initial settings.
    ///   - startTime: simulated time before the first step; the first fix is `interval` later.
    ///   - seed: seed of the position noise.
    public init(options: SimulationOptions = SimulationOptions(), startTime: Timestamp, seed: UInt64 = 1) {
        self.options = options
        self.time = startTime
        self.generator = SeededGenerator(seed: seed)
    }

    // MARK: Commands

    /// Starts a new trip: drives `route` from the beginning of its first leg, at rest. A new trip may
    /// leave its route again (``SimulationOptions/leaveRouteAtMeters``); a reroute does not.
    public mutating func simulateLocationsAlong(_ route: SimulatedRoute) {
        hasLeftRoute = false
        start(prepared: route.legs.map { SimulatorLeg($0, lateralAcceleration: options.lateralAcceleration) })
    }

    /// Switches to a new route without stopping: the vehicle keeps its speed and continues from the point of
    /// the new route's first leg closest to where it is (the navigator's reroute starts there).
    public mutating func replaceRoute(with route: SimulatedRoute) {
        let prepared = route.legs.map { SimulatorLeg($0, lateralAcceleration: options.lateralAcceleration) }
        guard let current = currentPosition else {
            start(prepared: prepared)
            return
        }
        let keptSpeed = speed
        start(prepared: prepared)
        let closest = prepared[0].closestPoint(latitude: current.latitude, longitude: current.longitude)
        segment = closest.segment
        along = closest.distance
        speed = min(keptSpeed, prepared[0].targetSpeed(segment: segment, profile: options.speedProfile))
    }

    /// Reports a fixed position until another command arrives.
    public mutating func simulateLocation(latitude: Double, longitude: Double) {
        legs = []
        offRouteLeg = nil
        fixedPosition = Coordinate(latitude: latitude, longitude: longitude)
        speed = 0
        lastCourse = nil
        state = .fixedLocation
    }

    /// Stops the simulation: ``step()`` returns `nil` until a new command.
    public mutating func stopSimulation() {
        legs = []
        offRouteLeg = nil
        speed = 0
        state = .idle
    }

    /// Drives on from a stop at the end of an intermediate leg (needed when
    /// ``SimulationOptions/stopDurationSeconds`` is `nil`; otherwise it cuts the wait short).
    public mutating func continueToNextLeg() {
        guard case .stoppedAtWaypoint = state else { return }
        beginNextLeg()
    }

    // MARK: Stepping

    /// Advances simulated time by one interval and returns the fix at the new time, or `nil` when idle.
    public mutating func step() -> GPSFix? {
        let interval = options.interval
        time = time.adding(seconds: interval)
        switch state {
        case .idle:
            return nil
        case .fixedLocation:
            return makeFix(latitude: fixedPosition.latitude, longitude: fixedPosition.longitude)
        default:
            if options.paused {
                speed = 0
            } else {
                var remaining = interval
                while remaining > 1e-9 {
                    let dt = min(remaining, Self.substep)
                    advance(dt)
                    remaining -= dt
                }
            }
            let position = currentPosition ?? fixedPosition
            return makeFix(latitude: position.latitude, longitude: position.longitude)
        }
    }

    /// The true (noise-free) position, `nil` when idle.
    public var currentPosition: Coordinate? {
        switch state {
        case .idle: return nil
        case .fixedLocation: return fixedPosition
        default:
            guard let leg = activeLeg else { return nil }
            return leg.position(segment: segment, distance: along)
        }
    }

    /// Distance driven along the current route (all legs, not counting any off-route detour), metres.
    public var distanceAlongRoute: Double { routeDistanceBeforeLeg + (offRouteLeg == nil ? along : 0) }

    // MARK: Internals

    private var activeLeg: SimulatorLeg? {
        if let offRouteLeg { return offRouteLeg }
        return legIndex < legs.count ? legs[legIndex] : nil
    }

    mutating func start(prepared: [SimulatorLeg]) {
        legs = prepared
        legIndex = 0
        offRouteLeg = nil
        segment = 0
        along = 0
        routeDistanceBeforeLeg = 0
        speed = 0
        dwellRemaining = nil
        state = prepared.isEmpty ? .idle : .driving(legIndex: 0)
        lastCourse = prepared.first?.bearings.first
    }

    private mutating func advance(_ dt: Double) {
        switch state {
        case .stoppedAtWaypoint:
            speed = 0
            if let remaining = dwellRemaining {
                dwellRemaining = remaining - dt
                if remaining - dt <= 0 { beginNextLeg() }
            }
            return
        case .driving, .offRoute:
            break
        default:
            speed = 0
            return
        }
        guard let leg = activeLeg else { return }
        let remainingOnLeg = leg.length - along
        if remainingOnLeg <= 0.01 {
            arriveAtLegEnd()
            return
        }
        let allowed = allowedSpeed(on: leg, lookingFrom: along + speed * dt)
        let newSpeed = speed < allowed ? min(allowed, speed + options.acceleration * dt) : max(allowed, speed - options.deceleration * dt)
        let step = (speed + newSpeed) / 2 * dt
        if step >= remainingOnLeg {
            along = leg.length
            odometerMeters += remainingOnLeg
            segment = leg.segmentCount - 1
            arriveAtLegEnd()
            return
        }
        along += step
        odometerMeters += step
        while segment < leg.segmentCount - 1, along >= leg.cumulative[segment + 1] {
            segment += 1
        }
        // Whatever the integration error, the reported speed never exceeds the road's target speed.
        speed = min(newSpeed, leg.targetSpeed(segment: segment, profile: options.speedProfile))
        lastCourse = leg.bearings[segment]
        if offRouteLeg == nil, !hasLeftRoute, let leaveAt = options.leaveRouteAtMeters, distanceAlongRoute >= leaveAt {
            leaveRoute(from: leg)
        }
    }

    /// The highest speed from which every constraint ahead (corners, slower roads, the stop at the end) can
    /// still be met by braking at the comfortable deceleration.
    private func allowedSpeed(on leg: SimulatorLeg, lookingFrom position: Double) -> Double {
        let profile = options.speedProfile
        let deceleration = options.deceleration
        let from = min(position, leg.length)
        var allowed = leg.targetSpeed(segment: segment, profile: profile)
        var vertex = segment + 1
        while vertex < leg.cumulative.count {
            let distance = max(0, leg.cumulative[vertex] - from)
            let reachable = (2 * deceleration * distance).squareRoot()
            // Every later constraint is even further away; none can matter once it is beyond braking reach.
            if reachable >= allowed { break }
            let cap: Double
            if vertex == leg.cumulative.count - 1 {
                cap = 0
            } else {
                cap = min(leg.cornerSpeeds[vertex], leg.targetSpeed(segment: vertex, profile: profile))
            }
            var limit = (cap * cap + 2 * deceleration * distance).squareRoot()
            if vertex == leg.cumulative.count - 1 { limit = max(limit, Self.creepSpeed) }
            allowed = min(allowed, limit)
            vertex += 1
        }
        return allowed
    }

    private mutating func arriveAtLegEnd() {
        speed = 0
        if offRouteLeg != nil {
            state = .offRoute
            return
        }
        if legIndex == legs.count - 1 {
            state = .arrived
        } else {
            state = .stoppedAtWaypoint(legIndex: legIndex)
            dwellRemaining = options.stopDurationSeconds
            if dwellRemaining == 0 { beginNextLeg() }
        }
    }

    private mutating func beginNextLeg() {
        guard legIndex + 1 < legs.count else { return }
        routeDistanceBeforeLeg += legs[legIndex].length
        legIndex += 1
        segment = 0
        along = 0
        dwellRemaining = nil
        state = .driving(legIndex: legIndex)
    }

    private mutating func leaveRoute(from leg: SimulatorLeg) {
        hasLeftRoute = true
        let here = leg.position(segment: segment, distance: along)
        routeDistanceBeforeLeg += along
        let heading = Geodesy.normalizedDegrees(leg.bearings[segment] + 90)
        let detour = SimulatorLeg(
            from: here.latitude, here.longitude, bearing: heading, distance: options.offRouteDistanceMeters,
            speed: max(speed, leg.targetSpeed(segment: segment, profile: options.speedProfile)))
        offRouteLeg = detour
        segment = 0
        along = 0
        lastCourse = heading
        state = .offRoute
    }

    private mutating func makeFix(latitude: Double, longitude: Double) -> GPSFix {
        var reported = (latitude: latitude, longitude: longitude)
        let sigma = options.jitterMeters
        if sigma > 0 {
            let (east, north) = generator.gaussianPair()
            reported = Geodesy.offset(latitude, longitude, east: east * sigma, north: north * sigma)
        }
        return GPSFix(
            latitude: reported.latitude, longitude: reported.longitude, altitude: nil,
            course: state == .fixedLocation ? nil : lastCourse, speed: speed,
            horizontalAccuracy: Self.horizontalAccuracy(jitterMeters: sigma), timestamp: time, source: "simulator")
    }

    /// The 68 % radius of two-axis Gaussian noise is 1.515 σ; a noise-free fix claims 1 m rather than a
    /// perfect 0, which consumers might divide by.
    static func horizontalAccuracy(jitterMeters: Double) -> Double {
        max(1, 1.515 * jitterMeters)
    }
}
