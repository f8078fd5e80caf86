public import NavCore

/// Everything a guidance session remembers between inputs, as a plain value.
///
/// The state is `Codable` so the navigator can save it after each input and restore it after a crash:
/// a restored session keeps its destinations and progress and never reports an arrival twice.
public struct GuidanceState: Hashable, Codable, Sendable {
    /// The options in force.
    public internal(set) var options: GuidanceOptions
    /// Whether fixes produce location events.
    public internal(set) var isUpdatingLocation = false
    /// Whether guidance events are produced.
    public internal(set) var isGuidanceActive = false
    /// Index of the leg being driven in ``legs``.
    public internal(set) var currentLegIndex = 0

    var legs: [PreparedLeg] = []
    /// Destination index (as counted by the last `setRoute`) of `legs[0]`; reroutes drop reached legs.
    var waypointIndexBase = 0
    /// Highest destination index an arrival was reported for.
    var lastArrivedWaypointIndex: Int?
    var lastFixTime: Double?
    var tracker = RouteTracker()
    var deviation = DeviationDetector()
    var rerouteGate = RerouteGate()
    var arrival = ArrivalDetector()
    /// Follows the vehicle on the road network, for positions off the route and without one.
    var networkMatch = HiddenMarkovMatcher()
    /// Consecutive fixes the network matcher placed beside the route.
    var besideRouteStreak = 0
    /// Consecutive full network-matcher searches that put the vehicle on the route's road.
    var routeAgreementStreak = 0
    /// Fixes since the network matcher last searched in full.
    var fixesSinceFullMatch = 0
    var reporter = ProgressReporter()
    var speeding = SpeedingMonitor()
    var lighting = LightingAdvisor()

    /// Creates an idle session: no route, location updates and guidance off.
    public init(options: GuidanceOptions = GuidanceOptions()) {
        self.options = options
    }

    /// What guidance is doing.
    public var navState: NavState {
        guard isGuidanceActive, currentLeg != nil, !hasArrivedAtCurrentLeg else { return .stopped }
        return deviation.isOffRoute ? .rerouting : .enroute
    }

    /// The route being followed, or `nil` when there are no destinations.
    public var route: GuidanceRoute? {
        legs.isEmpty ? nil : GuidanceRoute(legs: legs.map(\.leg))
    }

    /// Whether a reroute request is waiting for an answer.
    public var isRerouteOutstanding: Bool { rerouteGate.outstandingSince != nil }

    /// Destination index of the leg being driven, as counted by the last `setRoute`.
    public var currentWaypointIndex: Int { waypointIndexBase + currentLegIndex }

    /// Summaries of the route's legs, as sent with route-changed events.
    public var legSummaries: [LegSummary] {
        legs.map {
            LegSummary(
                destination: $0.leg.destination, distanceMeters: $0.length, durationSeconds: $0.totalTime,
                coordinates: $0.leg.coordinates)
        }
    }

    /// Metres left to the next destination, or `nil` without a route.
    public var remainingDistanceToNextDestination: Double? {
        guard let leg = currentLeg else { return nil }
        return hasArrivedAtCurrentLeg ? 0 : max(0, leg.length - tracker.distanceAlong)
    }

    /// Traffic-aware seconds left to the next destination, or `nil` without a route.
    public var remainingTimeToNextDestination: Double? {
        guard let leg = currentLeg else { return nil }
        guard !hasArrivedAtCurrentLeg else { return 0 }
        return max(0, leg.totalTime - leg.trafficTime(at: tracker.distanceAlong, segment: tracker.segment))
    }

    /// Traffic-aware seconds left to the final destination, or `nil` without a route; what the adapter
    /// compares a candidate route's duration with (see ``FasterRoutePolicy``).
    public var remainingTimeToFinalDestination: Double? {
        guard let time = remainingTimeToNextDestination else { return nil }
        return time + legs[(currentLegIndex + 1)...].reduce(0) { $0 + $1.totalTime }
    }

    /// Whether a candidate route should replace the current one, by the options' ``FasterRoutePolicy``.
    /// - Parameter candidateSeconds: Traffic-aware duration of the candidate to the final destination.
    /// - Returns: `false` without a route.
    public func prefersFasterRoute(candidateSeconds: Double) -> Bool {
        guard let current = remainingTimeToFinalDestination else { return false }
        return options.fasterRoute.prefers(candidateSeconds: candidateSeconds, over: current)
    }

    /// Metres left to the final destination, or `nil` without a route.
    public var remainingDistanceToFinalDestination: Double? {
        guard let distance = remainingDistanceToNextDestination else { return nil }
        return distance + legs[(currentLegIndex + 1)...].reduce(0) { $0 + $1.length }
    }

    /// Traffic delay on the rest of the current leg.
    public var delayCategoryToNextDestination: DelayCategory {
        guard let leg = currentLeg, !hasArrivedAtCurrentLeg else { return .noData }
        return DelayCategory(ratio: leg.delayRatio(from: tracker.distanceAlong, segment: tracker.segment))
    }

    var currentLeg: PreparedLeg? {
        legs.indices.contains(currentLegIndex) ? legs[currentLegIndex] : nil
    }

    var hasArrivedAtCurrentLeg: Bool {
        lastArrivedWaypointIndex.map { $0 >= currentWaypointIndex } ?? false
    }
}

extension GuidanceState {
    private enum CodingKeys: String, CodingKey {
        case options, isUpdatingLocation, isGuidanceActive, currentLegIndex, legs, waypointIndexBase
        case lastArrivedWaypointIndex, lastFixTime, tracker, deviation, rerouteGate, arrival, networkMatch
        case besideRouteStreak, routeAgreementStreak, fixesSinceFullMatch, reporter, speeding, lighting
    }

    /// Decodes a saved state. Everything but the options may be missing and takes the value of a new
    /// session: a session saved by an older release (before the reroute gate, the arrival detector and
    /// the network matcher existed) restores with its route and progress, and those monitors start afresh.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        options = try container.decode(GuidanceOptions.self, forKey: .options)
        isUpdatingLocation = try container.decodeIfPresent(Bool.self, forKey: .isUpdatingLocation) ?? false
        isGuidanceActive = try container.decodeIfPresent(Bool.self, forKey: .isGuidanceActive) ?? false
        currentLegIndex = try container.decodeIfPresent(Int.self, forKey: .currentLegIndex) ?? 0
        legs = try container.decodeIfPresent([PreparedLeg].self, forKey: .legs) ?? []
        waypointIndexBase = try container.decodeIfPresent(Int.self, forKey: .waypointIndexBase) ?? 0
        lastArrivedWaypointIndex = try container.decodeIfPresent(Int.self, forKey: .lastArrivedWaypointIndex)
        lastFixTime = try container.decodeIfPresent(Double.self, forKey: .lastFixTime)
        tracker = try container.decodeIfPresent(RouteTracker.self, forKey: .tracker) ?? RouteTracker()
        deviation = try container.decodeIfPresent(DeviationDetector.self, forKey: .deviation) ?? DeviationDetector()
        rerouteGate = try container.decodeIfPresent(RerouteGate.self, forKey: .rerouteGate) ?? RerouteGate()
        arrival = try container.decodeIfPresent(ArrivalDetector.self, forKey: .arrival) ?? ArrivalDetector()
        networkMatch =
            try container.decodeIfPresent(HiddenMarkovMatcher.self, forKey: .networkMatch) ?? HiddenMarkovMatcher()
        besideRouteStreak = try container.decodeIfPresent(Int.self, forKey: .besideRouteStreak) ?? 0
        routeAgreementStreak = try container.decodeIfPresent(Int.self, forKey: .routeAgreementStreak) ?? 0
        fixesSinceFullMatch = try container.decodeIfPresent(Int.self, forKey: .fixesSinceFullMatch) ?? 0
        reporter = try container.decodeIfPresent(ProgressReporter.self, forKey: .reporter) ?? ProgressReporter()
        speeding = try container.decodeIfPresent(SpeedingMonitor.self, forKey: .speeding) ?? SpeedingMonitor()
        lighting = try container.decodeIfPresent(LightingAdvisor.self, forKey: .lighting) ?? LightingAdvisor()
    }
}
