import NavCore

/// The guidance engine: a pure function from a state and an input to the next state and its events.
///
/// It performs no I/O, reads no clock and draws no random numbers; time comes only from fixes. The
/// navigator adapts it to the bus: it converts routes, feeds fixes and control calls, publishes the
/// events and answers reroute requests. The only outside help is an optional ``RoadNetworkMatcher``
/// used to place the vehicle on the road network while it is off its route.
public struct GuidanceEngine: Sendable {
    /// Snaps off-route positions to roads; without one they are reported as measured.
    public let matcher: (any RoadNetworkMatcher)?

    /// Creates an engine.
    /// - Parameter matcher: Snaps off-route positions to the road network.
    public init(matcher: (any RoadNetworkMatcher)? = nil) {
        self.matcher = matcher
    }

    /// Computes the effect of one input.
    /// - Parameters:
    ///   - state: The session before the input.
    ///   - input: A fix or a control call.
    /// - Returns: The session after the input and the events it caused.
    public func update(_ state: GuidanceState, _ input: GuidanceInput) -> GuidanceUpdate {
        var next = state
        let events = apply(input, to: &next)
        return GuidanceUpdate(state: next, events: events)
    }

    /// Applies one input in place, the form to use on hot paths.
    /// - Parameters:
    ///   - input: A fix or a control call.
    ///   - state: The session, updated by the input.
    /// - Returns: The events the input caused, in order.
    public func apply(_ input: GuidanceInput, to state: inout GuidanceState) -> [GuidanceEvent] {
        var events: [GuidanceEvent] = []
        switch input {
        case .fix(let fix):
            process(fix, state: &state, events: &events)
        case .setRoute(let route):
            state.legs = route.legs.map { PreparedLeg($0) }
            state.waypointIndexBase = 0
            state.lastArrivedWaypointIndex = nil
            startLeg(0, state: &state)
            events.append(routeChanged(.newDestinations, state))
        case .replaceRoute(let route, let reason):
            state.waypointIndexBase = state.currentWaypointIndex
            state.legs = route.legs.map { PreparedLeg($0) }
            startLeg(0, state: &state)
            events.append(routeChanged(reason, state))
        case .rerouteFailed:
            state.deviation.clearRequest()
        case .startUpdatingLocation:
            state.isUpdatingLocation = true
        case .stopUpdatingLocation:
            state.isUpdatingLocation = false
        case .setGuidanceActive(let active):
            if active && !state.isGuidanceActive {
                state.reporter.reset()
                state.speeding.reset()
                state.lighting.reset()
            }
            state.isGuidanceActive = active
        case .configure(let options):
            state.options = options
        case .continueToNextDestination:
            guard state.currentLegIndex + 1 < state.legs.count else { break }
            // A skipped destination counts as reached, so it can never be announced later.
            state.lastArrivedWaypointIndex = max(state.lastArrivedWaypointIndex ?? -1, state.currentWaypointIndex)
            startLeg(state.currentLegIndex + 1, state: &state)
            state.isGuidanceActive = false
            events.append(routeChanged(.nextDestination, state))
        case .clearDestinations:
            state.legs = []
            state.waypointIndexBase = 0
            state.lastArrivedWaypointIndex = nil
            startLeg(0, state: &state)
            state.isGuidanceActive = false
            events.append(.routeChanged(reason: .cleared, legs: [], currentLegIndex: 0))
        case .applyTraffic(let update):
            guard state.legs.indices.contains(update.legIndex) else { break }
            state.legs[update.legIndex].applyTraffic(update.speedFactors)
        }
        return events
    }

    /// Begins following leg `index` from its start.
    private func startLeg(_ index: Int, state: inout GuidanceState) {
        state.currentLegIndex = index
        state.tracker = RouteTracker()
        state.deviation = DeviationDetector()
        state.reporter.reset()
    }

    private func routeChanged(_ reason: RouteChangeReason, _ state: GuidanceState) -> GuidanceEvent {
        .routeChanged(reason: reason, legs: state.legSummaries, currentLegIndex: state.currentLegIndex)
    }
}
