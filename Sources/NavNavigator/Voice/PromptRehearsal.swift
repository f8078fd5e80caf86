import Foundation
import NavGuidance
public import NavProtocol
public import NavRouting

/// What the driver would hear on a route: the route driven at a constant speed, exactly along its
/// polyline with one fix a second, through the guidance engine and the voice monitor as the navigator
/// runs them. `navbus route --prompts` prints it; the timing tests and the voice benchmark audit it.
public struct PromptRehearsal: Sendable {
    /// A prompt and where the vehicle was when it was made.
    public struct Heard: Sendable {
        public var prompt: NavProtocol.VoicePrompt
        /// Metres driven from the start of the route.
        public var distanceAlong: Double
    }

    /// A maneuver of the route (the departure excluded, the arrival included).
    public struct Maneuver: Sendable {
        public var stepIndex: Int
        /// Metres from the start of the route.
        public var distanceAlong: Double
        public var instruction: String
    }

    /// Counts that say whether the prompts came in time.
    public struct Audit: Sendable, Equatable {
        /// Maneuvers that could be announced 5 s ahead (those closer to the start cannot).
        public var maneuvers = 0
        /// Of those, how many some prompt named at least 5 s before.
        public var announcedInTime = 0
        /// Turn prompts (pre-transition, transition, arrival) made less than 2 s before their maneuver or
        /// after it (maneuvers in the first 2 s of the route aside).
        public var late = 0
        /// Stages spoken twice for one maneuver.
        public var repeated = 0
        /// Prompts naming a maneuver after the next ("…, then …", "Then …").
        public var chained = 0
        /// Chained prompts with a capital letter after "then".
        public var capitalisedThen = 0
        /// Ramp maneuvers on the route.
        public var rampSteps = 0

        public init() {}
    }

    public let speed: Double
    public private(set) var prompts: [Heard] = []
    /// The maneuvers the voice announces: a roundabout's exit is named by the roundabout's prompt.
    public private(set) var maneuvers: [Maneuver] = []
    /// The steps the voice announces, the departure first (``GuidanceLeg/spokenStepIndices``).
    private var spokenSteps: [Int] = []

    /// Drives a one-leg route.
    /// - Parameters:
    ///   - route: A route from the router; only its first leg is driven.
    ///   - speed: Metres per second.
    ///   - configuration: The voice settings (and the rest of the navigator options).
    /// - Throws: `GuidanceRouteError` when the route cannot be guided.
    public init(route: NavRouting.Route, speed: Double, configuration: NavigatorConfiguration = .defaults) throws {
        self.speed = speed
        guard let leg = route.legs.first, speed > 0 else { return }
        let planned = try PlannedRoute(NavRouting.Route(legs: [leg]), destinations: [])
        var session = VehicleSession(vehicle: "rehearsal", configuration: configuration)
        session.configureVoice()
        let engine = GuidanceEngine()
        spokenSteps = planned.guidance.legs.first?.spokenStepIndices ?? Array(leg.steps.indices)
        for index in spokenSteps.dropFirst() where leg.steps.indices.contains(index) {
            let step = leg.steps[index]
            maneuvers.append(
                Maneuver(
                    stepIndex: index, distanceAlong: leg.cumulativeDistances[step.coordinateRange.lowerBound],
                    instruction: step.instruction))
        }
        func send(_ input: GuidanceInput, at distance: Double) {
            let events = engine.apply(input, to: &session.guidance)
            for prompt in session.voicePrompts(after: input, events: events) {
                prompts.append(Heard(prompt: prompt, distanceAlong: distance))
            }
        }
        send(.setRoute(planned.guidance), at: 0)
        send(.setGuidanceActive(true), at: 0)
        let start = 1_795_968_000.0
        var segment = 0
        var distance = 0.0
        let points = leg.coordinates
        let cumulative = leg.cumulativeDistances
        // Two seconds beyond the end, so the arrival has fixes to happen on.
        while distance <= leg.distanceMeters + 2 * speed {
            let along = min(distance, leg.distanceMeters)
            // A segment of no length (the origin snapped onto a node) has no direction to drive in.
            while segment + 2 < points.count
                && (cumulative[segment + 1] < along || cumulative[segment + 1] - cumulative[segment] < 0.5)
            {
                segment += 1
            }
            let length = cumulative[segment + 1] - cumulative[segment]
            let fraction = length > 0 ? (along - cumulative[segment]) / length : 0
            let a = points[segment]
            let b = points[segment + 1]
            let fix = Fix(
                latitude: a.latitude + (b.latitude - a.latitude) * fraction,
                longitude: a.longitude + (b.longitude - a.longitude) * fraction, course: a.bearing(to: b),
                speed: speed, horizontalAccuracy: 5, time: start + distance / speed)
            send(.fix(fix), at: along)
            distance += speed
        }
    }

    /// "then" in the prompt's language.
    static func then(in language: NavProtocol.VoiceLanguage) -> String {
        switch language {
        case .english: "then"
        case .finnish: "sitten"
        }
    }

    /// How many maneuvers a prompt chains after its own (", then …").
    static func thenCount(_ prompt: NavProtocol.VoicePrompt) -> Int {
        prompt.text.components(separatedBy: ", \(then(in: prompt.language)) ").count - 1
    }

    /// The steps a prompt names, of the leg's `spokenSteps` (``GuidanceLeg/spokenStepIndices``): a turn prompt
    /// its own step and the next spoken one for each "then"; a departure the spoken steps after its own, one
    /// for each "then".
    static func namedSteps(_ prompt: NavProtocol.VoicePrompt, spokenSteps: [Int]) -> [Int] {
        let thens = thenCount(prompt)
        let first: Int
        switch prompt.kind {
        case .preTransition, .transition, .arrival, .reroute:
            first = spokenSteps.firstIndex(of: prompt.stepIndex) ?? spokenSteps.count
            return [prompt.stepIndex] + spokenSteps.dropFirst(first + 1).prefix(thens)
        case .departure:
            first = spokenSteps.firstIndex { $0 > prompt.stepIndex } ?? spokenSteps.count
            return Array(spokenSteps.dropFirst(first).prefix(thens))
        case .postTransition, .speedAlert: return []
        }
    }

    /// What the driver hears, one prompt a line: where along the route it is said, how far ahead of its
    /// maneuver, its kind and its words (`navbus route --prompts`).
    public var transcript: [String] {
        prompts.map { heard in
            let along = "\(Int(heard.distanceAlong.rounded())) m".leftPadded(to: 8)
            let ahead = heard.prompt.kind == .postTransition || heard.prompt.kind == .speedAlert
                ? "" : "\(Int(heard.prompt.distanceMeters.rounded())) m ahead"
            return along + "  " + ahead.rightPadded(to: 12) + "  " + heard.prompt.kind.rawValue.rightPadded(to: 14)
                + "  " + heard.prompt.text
        }
    }

    /// Whether each maneuver was named in time, and whether any prompt came late or twice.
    public var audit: Audit {
        var audit = Audit()
        audit.rampSteps = maneuvers.count { $0.instruction.hasPrefix("Take the ramp") }
        var firstNamed: [Int: Double] = [:]
        var stages = Set<String>()
        for heard in prompts {
            let prompt = heard.prompt
            let then = Self.then(in: prompt.language)
            if Self.thenCount(prompt) > 0 || prompt.text.lowercased().hasPrefix(then + " ") {
                audit.chained += 1
                if prompt.text.range(of: "(^|, )(?i:\(then)) \\p{Lu}", options: .regularExpression) != nil {
                    audit.capitalisedThen += 1
                }
            }
            let named = Self.namedSteps(prompt, spokenSteps: spokenSteps)
            // A maneuver in the first two seconds of the route cannot be announced earlier than it is.
            if [.preTransition, .transition, .arrival].contains(prompt.kind),
                let maneuver = maneuvers.first(where: { $0.stepIndex == prompt.stepIndex }),
                maneuver.distanceAlong / speed >= 2, (maneuver.distanceAlong - heard.distanceAlong) / speed < 2
            {
                audit.late += 1
            }
            if prompt.kind != .speedAlert, !stages.insert("\(prompt.stepIndex) \(prompt.kind.rawValue)").inserted {
                audit.repeated += 1
            }
            for step in named where firstNamed[step] == nil { firstNamed[step] = heard.distanceAlong }
        }
        for maneuver in maneuvers where maneuver.distanceAlong / speed >= 5 {
            audit.maneuvers += 1
            if let at = firstNamed[maneuver.stepIndex], (maneuver.distanceAlong - at) / speed >= 5 {
                audit.announcedInTime += 1
            }
        }
        return audit
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }

    fileprivate func rightPadded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
