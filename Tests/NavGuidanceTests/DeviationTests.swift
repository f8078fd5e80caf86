import NavCore
import NavGuidance
import Testing

@Suite("Leaving the route")
struct DeviationTests {
    @Test("going straight on at a turn asks for exactly one reroute within 10 s", arguments: [5.0, 10.0])
    func detour(sigma: Double) throws {
        for seed: UInt64 in 1...25 {
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive([(0, 0), (500, 0)], speed: 10)
            let leftAt = trace.time
            trace.drive([(500, 0), (900, 0)], speed: 10, skipFirst: true)
            var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
            var requestTimes: [Double] = []
            for sample in trace.samples {
                let events = session.send(.fix(sample.fix))
                if events.contains(where: \.isRerouteRequest) {
                    requestTimes.append(sample.fix.time)
                }
            }
            #expect(requestTimes.count == 1, "seed \(seed): \(requestTimes.count) requests")
            let delay = (requestTimes.first ?? .infinity) - leftAt
            #expect(delay >= 0 && delay <= 10, "seed \(seed): requested \(delay) s after leaving")
            #expect(session.state.navState == .rerouting)
            #expect(session.state.isRerouteOutstanding)
        }
    }

    @Test("the reroute answer replaces the route, and following it asks for nothing more")
    func rerouteAnswered() throws {
        var trace = Trace(seed: 4, sigma: 10)
        trace.drive([(0, 0), (500, 0), (900, 0)], speed: 10)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
        var from: Coordinate?
        for sample in trace.samples {
            for event in session.send(.fix(sample.fix)) {
                if case .rerouteRequested(let position, let heading) = event {
                    from = position
                    #expect(abs((heading ?? 0) - 90) < 20)
                }
            }
        }
        _ = try #require(from)
        let newRoute = GuidanceRoute(legs: [Streets.leg([(900, 0), (1_200, 0), (1_200, 500), (500, 500)])])
        let changed = session.send(.replaceRoute(newRoute, reason: .offRoute))
        guard case .routeChanged(.offRoute, let legs, 0)? = changed.first else {
            Issue.record("expected an offRoute route change, got \(changed)")
            return
        }
        #expect(legs.count == 1)
        #expect(session.state.navState == .enroute)
        #expect(!session.state.isRerouteOutstanding)

        var onward = Trace(seed: 5, sigma: 10, startTime: trace.time)
        onward.drive([(900, 0), (1_200, 0), (1_200, 500), (500, 500)], speed: 10, skipFirst: true)
        onward.dwell(at: (500, 500), seconds: 5)
        for sample in onward.samples {
            session.send(.fix(sample.fix))
        }
        #expect(session.rerouteRequests == 1)
        #expect(session.arrivals.map(\.index) == [0])
    }

    @Test("no second request while one is outstanding; a failed reroute may be asked again")
    func outstandingRequest() {
        var trace = Trace(seed: 8, sigma: 5)
        trace.drive([(0, 0), (500, 0), (1_500, 0)], speed: 10)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
        for sample in trace.samples.prefix(70) {
            session.send(.fix(sample.fix))
        }
        #expect(session.rerouteRequests == 1)
        session.send(.rerouteFailed)
        for sample in trace.samples.dropFirst(70).prefix(5) {
            session.send(.fix(sample.fix))
        }
        #expect(session.rerouteRequests == 2)
    }

    @Test("turning round and driving the route backwards is a departure, not progress")
    func wrongWay() {
        for seed: UInt64 in 1...10 {
            var trace = Trace(seed: seed, sigma: 10)
            trace.drive([(0, 0), (400, 0)], speed: 10)
            let turnedAt = trace.time
            trace.drive([(400, 0), (0, 0)], speed: 10, skipFirst: true)
            var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
            var lastRemaining = Double.infinity
            var requestTime: Double?
            for sample in trace.samples {
                if session.send(.fix(sample.fix)).contains(where: \.isRerouteRequest) {
                    requestTime = requestTime ?? sample.fix.time
                }
                let remaining = session.state.remainingDistanceToNextDestination ?? 0
                #expect(remaining <= lastRemaining)
                lastRemaining = remaining
            }
            #expect(session.rerouteRequests == 1, "seed \(seed)")
            #expect(((requestTime ?? .infinity) - turnedAt) <= 10, "seed \(seed)")
        }
    }

    @Test("fixes with poor accuracy neither start nor confirm a departure")
    func poorAccuracyIgnored() {
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
        var trace = Trace(seed: 3, sigma: 3)
        trace.drive([(0, 0), (200, 0)], speed: 10)
        for sample in trace.samples {
            session.send(.fix(sample.fix))
        }
        for i in 0..<10 {
            let far = Streets.point(200 + Double(i) * 10, 120)
            session.send(
                .fix(
                    Fix(
                        latitude: far.latitude, longitude: far.longitude, course: 90, speed: 10, horizontalAccuracy: 80,
                        time: trace.time + Double(i))))
        }
        #expect(session.rerouteRequests == 0)
        #expect(session.state.navState == .enroute)
    }

    @Test("a faster route must win by both margins")
    func fasterRoutePolicy() {
        let policy = FasterRoutePolicy()
        #expect(policy.prefers(candidateSeconds: 1_000, over: 1_200))
        #expect(!policy.prefers(candidateSeconds: 1_150, over: 1_200), "50 s is below the 60 s margin")
        #expect(!policy.prefers(candidateSeconds: 9_300, over: 10_000), "7 % is below the 10 % margin")
        #expect(policy.prefers(candidateSeconds: 8_900, over: 10_000))
        #expect(!FasterRoutePolicy(minimumRelativeSaving: 0.3).prefers(candidateSeconds: 1_000, over: 1_200))
    }

    @Test("the session judges candidates against its own remaining time")
    func fasterThanRemaining() {
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape, speed: 1)]))
        #expect(session.state.prefersFasterRoute(candidateSeconds: 800))
        #expect(!session.state.prefersFasterRoute(candidateSeconds: 950))
        session.send(.clearDestinations)
        #expect(!session.state.prefersFasterRoute(candidateSeconds: 1))
    }

    @Test("taking a faster route announces it")
    func fasterRouteReplacement() {
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
        let events = session.send(
            .replaceRoute(GuidanceRoute(legs: [Streets.leg(Streets.straight)]), reason: .fasterRoute))
        guard case .routeChanged(.fasterRoute, let legs, 0)? = events.first else {
            Issue.record("expected a fasterRoute change, got \(events)")
            return
        }
        #expect(abs((legs.first?.distanceMeters ?? 0) - 1_000) < 1)
    }
}
