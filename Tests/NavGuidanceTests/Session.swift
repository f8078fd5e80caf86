import NavGuidance

/// A guidance session driven the way the navigator drives it, keeping every event.
struct Session {
    var engine: GuidanceEngine
    var state: GuidanceState
    var events: [GuidanceEvent] = []

    init(route: GuidanceRoute, options: GuidanceOptions = GuidanceOptions(), matcher: (any RoadNetworkMatcher)? = nil) {
        engine = GuidanceEngine(matcher: matcher)
        state = GuidanceState(options: options)
        send(.setRoute(route))
        send(.startUpdatingLocation)
        send(.setGuidanceActive(true))
    }

    @discardableResult
    mutating func send(_ input: GuidanceInput) -> [GuidanceEvent] {
        let update = engine.update(state, input)
        state = update.state
        events += update.events
        return update.events
    }

    var arrivals: [(index: Int, isFinal: Bool)] {
        events.compactMap {
            if case .arrival(_, let index, let isFinal) = $0 { return (index, isFinal) }
            return nil
        }
    }

    var rerouteRequests: Int {
        events.count(where: { if case .rerouteRequested = $0 { true } else { false } })
    }
}

extension GuidanceEvent {
    var snappedLocation: SnappedLocation? {
        if case .location(let location) = self { return location }
        return nil
    }

    var isArrival: Bool {
        if case .arrival = self { return true }
        return false
    }

    var isRerouteRequest: Bool {
        if case .rerouteRequested = self { return true }
        return false
    }
}
