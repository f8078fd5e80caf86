import Foundation
public import NavCore
import NavGuidance
public import NavProtocol

/// What the driver would hear with a real receiver: a route driven the way traffic drives it (speed
/// varying about a cruise speed, slowing for turns, stopping at some junctions as at traffic lights) and
/// reported by noisy fixes once a second, fed to a real ``Navigator`` on its map, the code path of
/// `navbus-navigator` from `gps.fix.v1` to `nav.voice_prompt.v1`, reroutes included.
///
/// The audit judges every prompt against where the vehicle really was, not where the fixes put it: a
/// prompt is late when the vehicle was less than two seconds from its maneuver or already past it. Noise
/// moves the tracked position back and forth, and standing at a light makes it wander on the spot; no
/// stage may be spoken twice for that.
public struct NoisyRehearsal: Sendable {
    /// How the route is driven and how the receiver reports it.
    public struct Conditions: Sendable {
        /// The speed the driver cruises at where the road allows it, m/s.
        public var cruiseSpeed: Double
        /// Standard deviation of the position error on each axis, metres.
        public var sigma: Double
        /// Correlation of the position error from one second to the next: receivers filter their fixes,
        /// so the error drifts rather than jumping fully every second.
        public var errorCorrelation = 0.5
        /// Standard deviation of the reported (Doppler) speed, m/s.
        public var speedSigma = 0.3
        /// How far the cruise speed wanders: the driver's target is the cruise speed times a factor drawn
        /// from 1 ± this every 8–20 s.
        public var speedVariation = 0.2
        /// The share of maneuvers where the vehicle stops before the junction, as at a red light.
        public var stopShare = 0.35
        /// The speed turns are taken at, m/s.
        public var turnSpeed = 6.0
        /// Seed of the noise, the speed changes and the stops.
        public var seed: UInt64

        public init(cruiseSpeed: Double, sigma: Double, seed: UInt64) {
            self.cruiseSpeed = cruiseSpeed
            self.sigma = sigma
            self.seed = seed
        }
    }

    /// A prompt and the vehicle's true position when it was made.
    public struct Heard: Sendable {
        public var prompt: NavProtocol.VoicePrompt
        /// True metres driven along the route.
        public var distanceAlong: Double
        /// True speed, m/s.
        public var speed: Double
        /// How many times the route had been replaced when it was made (0: the route planned at the start).
        public var routeGeneration: Int
    }

    /// Counts that say whether prompts came in time under noise.
    public struct Audit: Sendable, Equatable {
        /// Maneuvers of the planned route that could be announced 5 s ahead.
        public var maneuvers = 0
        /// Of those, how many some prompt named at least 5 s of driving before the vehicle got there.
        public var announcedInTime = 0
        /// Turn prompts (pre-transition, transition, arrival) made less than 2 s before the vehicle really
        /// reached their maneuver, or after it.
        public var late = 0
        /// Stages spoken twice for one maneuver of one route.
        public var repeated = 0
        /// Post-transition prompts ("Continue for 400 meters") made before the vehicle had really made their
        /// maneuver: noise put the tracked position past it while the vehicle was still short of it.
        public var premature = 0
        /// Times the navigator replaced the route (a fix taken for leaving it).
        public var reroutes = 0
        /// Whether the navigator announced the arrival.
        public var arrived = 0

        public init() {}

        public static func + (a: Audit, b: Audit) -> Audit {
            var sum = a
            sum.maneuvers += b.maneuvers
            sum.announcedInTime += b.announcedInTime
            sum.late += b.late
            sum.repeated += b.repeated
            sum.premature += b.premature
            sum.reroutes += b.reroutes
            sum.arrived += b.arrived
            return sum
        }
    }

    /// A maneuver of the route planned at the start: its step and where it really is along the route.
    struct Maneuver: Sendable {
        var stepIndex: Int
        var distanceAlong: Double
        var location: Coordinate
    }

    public let conditions: Conditions
    public private(set) var prompts: [Heard] = []
    /// Seconds driven, stops included.
    public private(set) var duration = 0.0
    private var maneuvers: [Maneuver] = []
    /// Each replacement route's maneuver locations, to tie its prompts to the planned route's maneuvers.
    private var replacements: [[Int: Coordinate]] = []
    /// The steps the voice announces on each route, the planned one first (``GuidanceLeg/spokenStepIndices``).
    private var spokenSteps: [[Int]] = []
    private var arrived = false
    /// The true distance along the route at each fix.
    private var track: [(time: Double, along: Double)] = []
    /// Where the vehicle really was, and how fast, when the navigator replaced the route.
    private var replacedAt: [(along: Double, speed: Double)] = []

    /// Drives from `origin` to `destination` on `map`.
    /// - Parameters:
    ///   - origin: Where the vehicle starts; the navigator plans from its first fix there.
    ///   - destination: The one destination.
    ///   - map: The map the navigator runs on.
    ///   - conditions: Speed, noise and stops.
    ///   - configuration: Voice settings and the rest of the navigator options.
    /// - Returns: nil when the navigator finds no route.
    public init?(
        from origin: Coordinate, to destination: Coordinate, map: NavigatorMap, conditions: Conditions,
        configuration: ConfigureNavigatorParams = ConfigureNavigatorParams()
    ) {
        self.conditions = conditions
        let start = 1_795_968_000.0
        let clock = RehearsalClock(now: start)
        let events = EventLog()
        let vehicle = "rehearsal"
        var configuration = configuration
        configuration.vehicle = vehicle
        guard
            let navigator = try? Navigator(map: map, clock: { clock.now }, emit: { events.events.append($0) }),
            (try? navigator.configure(configuration)) != nil
        else { return nil }
        let accuracy = max(3, 1.515 * conditions.sigma)
        navigator.process(Self.fix(at: origin, course: nil, speed: 0, accuracy: accuracy, time: start), vehicle: vehicle)
        _ = navigator.setUpdatingLocation(true, VehicleParams(vehicle: vehicle))
        let status = navigator.setDestinations(
            SetDestinationsParams(
                vehicle: vehicle,
                waypoints: [Waypoint(title: "destination", latitude: destination.latitude, longitude: destination.longitude)]))
        guard status.routeStatus == .ok,
            let leg = navigator.sessions[vehicle]?.session.guidance.route?.legs.first, leg.coordinates.count >= 2
        else { return nil }
        _ = navigator.setGuidanceActive(SetGuidanceActiveParams(vehicle: vehicle, active: true))

        var cumulative = [0.0]
        for (a, b) in zip(leg.coordinates, leg.coordinates.dropFirst()) {
            cumulative.append(cumulative[cumulative.count - 1] + a.distance(to: b))
        }
        spokenSteps.append(leg.spokenStepIndices)
        for index in leg.spokenStepIndices.dropFirst() {
            let step = leg.steps[index]
            let point = min(max(step.startIndex, 0), leg.coordinates.count - 1)
            maneuvers.append(Maneuver(stepIndex: index, distanceAlong: cumulative[point], location: leg.coordinates[point]))
        }
        var drive = TrafficDrive(
            path: leg.coordinates, cumulative: cumulative, maneuvers: maneuvers.dropLast().map(\.distanceAlong),
            conditions: conditions)
        var generation = 0
        var heard = events.events.count
        // The vehicle drives on past the destination's stop for a few seconds, as a driver parking.
        var fixesAtTheEnd = 0
        while fixesAtTheEnd < 6 {
            let sample = drive.next()
            clock.now = sample.time
            track.append((sample.time, sample.along))
            navigator.process(
                Self.fix(
                    at: sample.reported, course: sample.course, speed: sample.reportedSpeed, accuracy: accuracy,
                    time: sample.time),
                vehicle: vehicle)
            for event in events.events[heard...] {
                switch event.payload {
                case .voicePrompt(let prompt):
                    prompts.append(
                        Heard(prompt: prompt, distanceAlong: sample.along, speed: sample.speed, routeGeneration: generation))
                case .routeChanged(let change) where change.reason == .offRoute || change.reason == .fasterRoute:
                    generation += 1
                    replacedAt.append((sample.along, sample.speed))
                    let replacement = navigator.sessions[vehicle]?.session.guidance.route?.legs.first
                    replacements.append(Self.maneuverLocations(replacement))
                    spokenSteps.append(replacement?.spokenStepIndices ?? [])
                case .arrival:
                    arrived = true
                default:
                    break
                }
            }
            heard = events.events.count
            if sample.atEnd { fixesAtTheEnd += 1 }
            // A vehicle that never gets anywhere (it cannot happen on a route) must not loop for ever.
            if sample.time - start > 4 * 3_600 { break }
        }
        duration = clock.now - start
    }

    private static func maneuverLocations(_ leg: GuidanceLeg?) -> [Int: Coordinate] {
        guard let leg else { return [:] }
        var locations: [Int: Coordinate] = [:]
        for (index, step) in leg.steps.enumerated().dropFirst() {
            locations[index] = leg.coordinates[min(max(step.startIndex, 0), leg.coordinates.count - 1)]
        }
        return locations
    }

    /// A fix as a receiver reports it; the accuracy is the 68 % radius of the noise.
    private static func fix(at point: Coordinate, course: Double?, speed: Double, accuracy: Double, time: Double) -> GPSFix {
        GPSFix(
            latitude: point.latitude, longitude: point.longitude, altitude: nil, course: course, speed: speed,
            horizontalAccuracy: accuracy, timestamp: Timestamp(secondsSince1970: time), source: "rehearsal")
    }

    /// The planned route's maneuver a prompt is about: by step on the planned route, by place on a
    /// replacement (its steps are counted anew from where it starts).
    private func maneuver(of heard: Heard, step: Int) -> Maneuver? {
        guard heard.routeGeneration > 0 else { return maneuvers.first { $0.stepIndex == step } }
        guard replacements.indices.contains(heard.routeGeneration - 1),
            let location = replacements[heard.routeGeneration - 1][step]
        else { return nil }
        return maneuvers.filter { $0.location.distance(to: location) < 15 }
            .min { abs($0.distanceAlong - heard.distanceAlong) < abs($1.distanceAlong - heard.distanceAlong) }
    }

    /// What was said and where the vehicle really was, one prompt a line, after the planned route's
    /// maneuvers and where the route was replaced (`navbus-bench voice --noise … --show-late`).
    public var transcript: [String] {
        ["maneuvers: " + maneuvers.map { "step \($0.stepIndex) at \(Int($0.distanceAlong.rounded())) m" }.joined(separator: ", ")]
            + replacedAt.enumerated().map { index, place in
                "route \(index + 1) replaced route \(index) at \(Int(place.along.rounded())) m, \(Int(place.speed * 3.6)) km/h"
            }
            + prompts.map { heard in
                "\(Int(heard.distanceAlong.rounded())) m, \(Int(heard.speed * 3.6)) km/h, route \(heard.routeGeneration), "
                    + "step \(heard.prompt.stepIndex) \(heard.prompt.kind.rawValue): \(heard.prompt.text)"
            }
    }

    /// Whether prompts came in time and once, judged by the vehicle's true positions.
    public var audit: Audit {
        var audit = Audit()
        audit.arrived = arrived ? 1 : 0
        audit.reroutes = replacements.count
        var firstNamed: [Int: Double] = [:]
        var stages = Set<String>()
        for heard in prompts {
            let prompt = heard.prompt
            let time = prompt.time.secondsSince1970
            let spoken = spokenSteps.indices.contains(heard.routeGeneration) ? spokenSteps[heard.routeGeneration] : []
            let named = PromptRehearsal.namedSteps(prompt, spokenSteps: spoken)
            if prompt.kind == .preTransition || prompt.kind == .transition || prompt.kind == .arrival,
                let maneuver = maneuver(of: heard, step: prompt.stepIndex),
                maneuver.distanceAlong > conditions.cruiseSpeed * 2,
                maneuver.distanceAlong - heard.distanceAlong < heard.speed * 2
                    || heard.distanceAlong > maneuver.distanceAlong
            {
                audit.late += 1
            }
            if prompt.kind == .postTransition, let maneuver = maneuver(of: heard, step: prompt.stepIndex),
                heard.distanceAlong < maneuver.distanceAlong
            {
                audit.premature += 1
            }
            if prompt.kind != .speedAlert,
                !stages.insert("\(heard.routeGeneration) \(prompt.stepIndex) \(prompt.kind.rawValue)").inserted
            {
                audit.repeated += 1
            }
            for step in named {
                guard let maneuver = maneuver(of: heard, step: step) else { continue }
                if firstNamed[maneuver.stepIndex] == nil { firstNamed[maneuver.stepIndex] = time }
            }
        }
        for maneuver in maneuvers where maneuver.distanceAlong >= conditions.cruiseSpeed * 5 {
            // When the vehicle really got there; a maneuver it never reached (the drive was cut off) is not judged.
            guard let reachedAt = track.first(where: { $0.along >= maneuver.distanceAlong })?.time else { continue }
            audit.maneuvers += 1
            if let named = firstNamed[maneuver.stepIndex], reachedAt - named >= 5 { audit.announcedInTime += 1 }
        }
        return audit
    }
}

/// The simulated clock the navigator reads (fix times drive it).
private final class RehearsalClock: @unchecked Sendable {
    var now: Double
    init(now: Double) { self.now = now }
}

/// What the navigator published, in order.
private final class EventLog {
    var events: [NavigatorEvent] = []
}
