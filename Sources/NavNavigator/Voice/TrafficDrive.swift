import NavCore

/// A vehicle driven along a polyline the way traffic drives it, and a receiver reporting it once a second:
/// the driver cruises at a speed that wanders about the cruise speed, slows for every maneuver, stops
/// before some junctions (red lights) for 10–40 s, and stops at the end. The receiver's position error
/// drifts (correlated from one second to the next); its speed has Doppler noise and its course is lost
/// when standing. Deterministic for a seed.
struct TrafficDrive {
    struct Sample {
        var time: Double
        /// True metres along the polyline.
        var along: Double
        /// True speed, m/s.
        var speed: Double
        var reported: Coordinate
        var reportedSpeed: Double
        var course: Double?
        /// The vehicle is standing at the end of the polyline.
        var atEnd: Bool
    }

    /// A red light: where the vehicle stops and for how long.
    private struct Stop {
        var along: Double
        var seconds: Double
    }

    private let path: [Coordinate]
    private let cumulative: [Double]
    private let turns: [Double]
    private let conditions: NoisyRehearsal.Conditions
    private var stops: [Stop] = []
    private var random: SeededGenerator
    private(set) var time = 1_795_968_000.0
    private var along = 0.0
    private var speed = 0.0
    private var segment = 0
    private var factor = 1.0
    private var nextFactorChange = 0.0
    private var waiting: Double?
    private var errorEast = 0.0
    private var errorNorth = 0.0

    /// Comfortable acceleration and braking, m/s².
    static let acceleration = 1.5
    static let braking = 2.5
    /// Below this speed (m/s) the last metres to a stop are crept.
    static let creepSpeed = 1.0
    /// Below this speed (m/s) a receiver's course is noise, and gpsd-like sources leave it out.
    static let courseSpeed = 1.0

    /// - Parameters:
    ///   - path: The route's polyline; `cumulative` its distances.
    ///   - maneuvers: Metres along the path of the maneuvers to slow for (and stop before, some of them).
    ///   - conditions: Speeds, noise and the share of maneuvers with a red light.
    init(path: [Coordinate], cumulative: [Double], maneuvers: [Double], conditions: NoisyRehearsal.Conditions) {
        self.path = path
        self.cumulative = cumulative
        self.conditions = conditions
        turns = maneuvers.sorted()
        random = SeededGenerator(seed: conditions.seed)
        for turn in turns where random.nextUnit() < conditions.stopShare {
            let stop = turn - 3 - 9 * random.nextUnit()
            if stop > 20 { stops.append(Stop(along: stop, seconds: 10 + 30 * random.nextUnit())) }
        }
    }

    private var length: Double { cumulative[cumulative.count - 1] }

    /// One second later: the true state and what the receiver reports.
    mutating func next() -> Sample {
        time += 1
        for _ in 0..<10 { advance(0.1) }
        let correlation = conditions.errorCorrelation
        let fresh = (1 - correlation * correlation).squareRoot() * conditions.sigma
        let (east, north) = random.gaussianPair()
        errorEast = correlation * errorEast + fresh * east
        errorNorth = correlation * errorNorth + fresh * north
        let truth = position
        let bearing = path[segment].bearing(to: path[min(segment + 1, path.count - 1)])
        return Sample(
            time: time, along: along, speed: speed, reported: truth.offset(east: errorEast, north: errorNorth),
            reportedSpeed: max(0, speed + random.gaussian(sigma: conditions.speedSigma)),
            course: speed >= Self.courseSpeed
                ? Geodesy.normalizedDegrees(bearing + random.gaussian(sigma: 3)) : nil,
            atEnd: along >= length)
    }

    private var position: Coordinate {
        let span = cumulative[segment + 1] - cumulative[segment]
        let fraction = span > 0 ? (along - cumulative[segment]) / span : 0
        return path[segment].interpolated(to: path[segment + 1], fraction: min(1, max(0, fraction)))
    }

    private mutating func advance(_ dt: Double) {
        if let left = waiting {
            speed = 0
            waiting = left - dt > 0 ? left - dt : nil
            if waiting == nil { stops.removeFirst() }
            return
        }
        guard along < length else {
            speed = 0
            return
        }
        if time >= nextFactorChange {
            factor = 1 + conditions.speedVariation * (2 * random.nextUnit() - 1)
            nextFactorChange = time + 8 + 12 * random.nextUnit()
        }
        var allowed = conditions.cruiseSpeed * factor
        for turn in turns where turn > along - 10 {
            let distance = max(0, turn - along)
            let cap = (conditions.turnSpeed * conditions.turnSpeed + 2 * Self.braking * distance).squareRoot()
            allowed = min(allowed, cap)
            if cap >= conditions.cruiseSpeed * (1 + conditions.speedVariation) { break }
        }
        let stopAt = min(stops.first?.along ?? length, length)
        let toStop = stopAt - along
        if toStop <= 0.5 {
            speed = 0
            if stops.first.map({ $0.along <= along + 0.5 }) == true, stopAt < length {
                waiting = stops[0].seconds
            } else {
                along = length
            }
            return
        }
        allowed = min(allowed, max((2 * Self.braking * toStop).squareRoot(), Self.creepSpeed))
        let newSpeed =
            speed < allowed ? min(allowed, speed + Self.acceleration * dt) : max(allowed, speed - 2 * Self.braking * dt)
        along = min(along + (speed + newSpeed) / 2 * dt, stopAt)
        speed = newSpeed
        while segment + 2 < cumulative.count, cumulative[segment + 1] < along { segment += 1 }
    }
}
