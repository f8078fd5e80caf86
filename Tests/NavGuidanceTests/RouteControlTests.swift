import NavGuidance
import Testing

@Suite("Route control")
struct RouteControlTests {
    private let twoLegs = GuidanceRoute(legs: [
        Streets.leg([(0, 0), (500, 0)], title: "A"), Streets.leg([(500, 0), (500, 400), (900, 400)], title: "B"),
    ])

    @Test("setting a route announces new destinations with every leg")
    func newDestinations() {
        let engine = GuidanceEngine()
        let update = engine.update(GuidanceState(), .setRoute(twoLegs))
        guard case .routeChanged(.newDestinations, let legs, 0)? = update.events.first else {
            Issue.record("expected newDestinations, got \(update.events)")
            return
        }
        #expect(legs.map(\.destination.title) == ["A", "B"])
        #expect(abs(legs[1].distanceMeters - 800) < 1)
        #expect(abs(legs[1].durationSeconds - 800 / 13.9) < 0.5)
        #expect(update.state.navState == .stopped, "guidance is not active until asked")
    }

    @Test("clearing destinations stops guidance and announces it")
    func clear() {
        var session = Session(route: twoLegs)
        let events = session.send(.clearDestinations)
        guard case .routeChanged(.cleared, let legs, 0)? = events.first else {
            Issue.record("expected cleared, got \(events)")
            return
        }
        #expect(legs.isEmpty)
        #expect(session.state.route == nil)
        #expect(session.state.navState == .stopped)
        let fix = Fix(latitude: Streets.origin.latitude, longitude: Streets.origin.longitude, time: 1_000)
        let after = session.send(.fix(fix))
        #expect(after.count == 1)
        #expect(after.first?.snappedLocation?.onRoute == false)
    }

    @Test("a reroute on the second leg keeps counting destinations from the original list")
    func rerouteOnSecondLeg() {
        var session = Session(route: twoLegs)
        var trace = Trace(seed: 6, sigma: 5)
        trace.drive([(0, 0), (500, 0)], speed: 10)
        trace.dwell(at: (500, 0), seconds: 3)
        for sample in trace.samples {
            if session.send(.fix(sample.fix)).contains(where: \.isArrival) {
                session.send(.continueToNextDestination)
                session.send(.setGuidanceActive(true))
            }
        }
        // Instead of turning north, the driver goes on east and gets a new route to B from there.
        var detour = Trace(seed: 7, sigma: 5, startTime: trace.time)
        detour.drive([(500, 0), (900, 0)], speed: 10, skipFirst: true)
        for sample in detour.samples {
            session.send(.fix(sample.fix))
        }
        #expect(session.rerouteRequests == 1)
        session.send(
            .replaceRoute(GuidanceRoute(legs: [Streets.leg([(900, 0), (900, 400)], title: "B")]), reason: .offRoute))
        var last = Trace(seed: 8, sigma: 5, startTime: detour.time)
        last.drive([(900, 0), (900, 400)], speed: 10, skipFirst: true)
        last.dwell(at: (900, 400), seconds: 5)
        for sample in last.samples {
            session.send(.fix(sample.fix))
        }
        #expect(session.arrivals.map(\.index) == [0, 1])
        #expect(session.arrivals.map(\.isFinal) == [false, true])
    }

    @Test("update leaves the given state untouched")
    func valueSemantics() {
        let engine = GuidanceEngine()
        let before = engine.update(GuidanceState(), .setRoute(twoLegs)).state
        let copy = before
        _ = engine.update(before, .setGuidanceActive(true))
        #expect(before == copy)
        #expect(before.isGuidanceActive == false)
    }

    @Test("traffic for a leg that does not exist is ignored")
    func trafficOutOfRange() {
        var session = Session(route: twoLegs)
        let before = session.state
        session.send(.applyTraffic(TrafficUpdate(legIndex: 5, speedFactors: [0.5])))
        #expect(session.state == before)
    }
}
