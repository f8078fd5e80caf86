import NavCore
import NavGuidance
import Testing

@Suite("Road-snapped location")
struct SnappingTests {
    /// Share of fixes snapped onto the route within 20 m of where the vehicle really was.
    private func snappedShare(street: [(Double, Double)], sigma: Double, seed: UInt64) -> Double {
        var trace = Trace(seed: seed, sigma: sigma)
        trace.drive(street, speed: 12)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(street)]))
        var good = 0
        for sample in trace.samples {
            let location = session.send(.fix(sample.fix)).compactMap(\.snappedLocation).first
            if let location, location.onRoute,
                Streets.distance(Coordinate(latitude: location.latitude, longitude: location.longitude), sample.truth)
                    <= 20
            {
                good += 1
            }
        }
        return Double(good) / Double(trace.samples.count)
    }

    @Test("at least 98 % of noisy fixes land on the route near the truth", arguments: [5.0, 10.0])
    func onRouteSnapping(sigma: Double) {
        for (name, street) in [("L", Streets.lShape), ("zig-zag", Streets.zigZag)] {
            for seed: UInt64 in 1...10 {
                let share = snappedShare(street: street, sigma: sigma, seed: seed)
                #expect(share >= 0.98, "\(name) street, sigma \(sigma), seed \(seed): \(share)")
            }
        }
    }

    @Test("every fix gives one location event with the fix's time, speed and altitude")
    func oneLocationPerFix() {
        var trace = Trace(seed: 7, sigma: 5)
        trace.drive(Streets.lShape, speed: 10)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
        for sample in trace.samples {
            let locations = session.send(.fix(sample.fix)).compactMap(\.snappedLocation)
            #expect(locations.count == 1)
            #expect(locations.first?.timestamp == sample.fix.time)
            #expect(locations.first?.speed == sample.fix.speed)
            #expect(locations.first?.altitude == 20)
        }
    }

    @Test("snapped course follows the road, not the noisy fix")
    func courseOfTheRoad() {
        var trace = Trace(seed: 3, sigma: 5)
        trace.drive([(0, 0), (400, 0)], speed: 10)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
        for sample in trace.samples {
            let location = session.send(.fix(sample.fix)).compactMap(\.snappedLocation).first
            #expect(location?.onRoute == true)
            #expect(abs((location?.course ?? 0) - 90) < 0.5)
            #expect(location?.roadName == "Street 0")
        }
    }

    @Test("no location events before startUpdatingLocation or after stopUpdatingLocation")
    func locationUpdatesSwitch() {
        let engine = GuidanceEngine()
        var state = GuidanceState()
        let fix = Fix(latitude: 60.17, longitude: 24.94, time: 1_000)
        #expect(engine.apply(.fix(fix), to: &state).isEmpty)
        _ = engine.apply(.startUpdatingLocation, to: &state)
        let location = engine.apply(.fix(fix), to: &state).compactMap(\.snappedLocation).first
        #expect(location?.onRoute == false)
        #expect(location?.latitude == 60.17)
        _ = engine.apply(.stopUpdatingLocation, to: &state)
        #expect(engine.apply(.fix(fix), to: &state).isEmpty)
    }

    @Test("standing still with jitter neither moves progress back nor makes the position wander")
    func stopJitter() {
        var trace = Trace(seed: 11, sigma: 10)
        trace.drive([(0, 0), (250, 0)], speed: 10)
        trace.dwell(at: (250, 0), seconds: 90)
        trace.drive([(250, 0), (500, 0), (500, 500)], speed: 10, skipFirst: true)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
        var lastRemaining = Double.infinity
        var stoppedPositions: [Coordinate] = []
        for sample in trace.samples {
            let location = session.send(.fix(sample.fix)).compactMap(\.snappedLocation).first
            let remaining = session.state.remainingDistanceToNextDestination ?? 0
            #expect(remaining <= lastRemaining)
            lastRemaining = remaining
            if sample.fix.speed == 0, let location {
                stoppedPositions.append(Coordinate(latitude: location.latitude, longitude: location.longitude))
            }
        }
        let steps = zip(stoppedPositions, stoppedPositions.dropFirst()).map { Streets.distance($0, $1) }
        #expect(steps.allSatisfy { $0 < 2 }, "largest step while stopped: \(steps.max() ?? 0) m")
        let drift = Streets.distance(stoppedPositions[0], stoppedPositions[stoppedPositions.count - 1])
        #expect(drift < 6, "moved \(drift) m in 90 s of standing still")
        #expect(session.arrivals.count == 1)
    }

    @Test("a gap of several seconds is bridged without leaving the route")
    func gap() {
        var trace = Trace(seed: 5, sigma: 8)
        trace.drive(Streets.zigZag, speed: 12)
        let samples = trace.samples.enumerated().filter { !(30..<38).contains($0.offset) }.map(\.element)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.zigZag)]))
        for sample in samples {
            session.send(.fix(sample.fix))
        }
        #expect(session.rerouteRequests == 0)
        let afterGap = session.events.compactMap(\.snappedLocation).dropFirst(30).prefix(5)
        #expect(afterGap.allSatisfy { $0.onRoute })
    }

    @Test("near a parallel road, fixes stay on the route; off the route they snap to the road network")
    func parallelRoad() {
        let matcher = ParallelRoadMatcher(offset: 20)
        for seed: UInt64 in 1...10 {
            var trace = Trace(seed: seed, sigma: 10)
            trace.drive(Streets.straight, speed: 12)
            var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.straight)]), matcher: matcher)
            for sample in trace.samples {
                session.send(.fix(sample.fix))
            }
            let locations = session.events.compactMap(\.snappedLocation)
            let onRoute = locations.filter { $0.onRoute && $0.roadName == "Street 0" }.count
            #expect(Double(onRoute) / Double(locations.count) >= 0.98, "seed \(seed)")
        }

        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.straight)]), matcher: matcher)
        let far = Streets.point(300, 150)
        let events = session.send(.fix(Fix(latitude: far.latitude, longitude: far.longitude, time: 1_000)))
        let location = events.compactMap(\.snappedLocation).first
        #expect(location?.onRoute == false)
        #expect(location?.roadName == "Parallel Street")
        #expect(abs((location?.latitude ?? 0) - Streets.point(300, 20).latitude) < 1e-9)
    }

    @Test("out and back along two carriageways 20 m apart, fixes snap to the side being driven")
    func carriageways() {
        let street: [(Double, Double)] = [(0, 0), (500, 0), (500, 20), (0, 20)]
        for seed: UInt64 in 1...10 {
            var trace = Trace(seed: seed, sigma: 10)
            trace.drive(street, speed: 10)
            var session = Session(route: GuidanceRoute(legs: [Streets.leg(street)]))
            var rightSide = 0
            for sample in trace.samples {
                let location = session.send(.fix(sample.fix)).compactMap(\.snappedLocation).first
                let snapped = location.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
                if let snapped, Streets.distance(snapped, sample.truth) < 15 {
                    rightSide += 1
                }
            }
            let share = Double(rightSide) / Double(trace.samples.count)
            #expect(share >= 0.98, "seed \(seed): \(share)")
            #expect(session.rerouteRequests == 0, "seed \(seed)")
        }
    }

    @Test(
        "walkers far from any road keep their raw position; drivers are put on the road", arguments: TravelMode.allCases
    )
    func rawPositionForWalkers(mode: TravelMode) {
        let options = GuidanceOptions(travelMode: mode)
        var session = Session(
            route: GuidanceRoute(legs: [Streets.leg(Streets.straight)]), options: options,
            matcher: ParallelRoadMatcher(offset: 20))
        let far = Streets.point(300, 150)
        let location = session.send(.fix(Fix(latitude: far.latitude, longitude: far.longitude, time: 1_000)))
            .compactMap(\.snappedLocation).first
        let snapped = location?.roadName == "Parallel Street"
        #expect(snapped == mode.alwaysSnapsToRoads)
    }
}

/// A road network with one street running east, `offset` metres north of the test streets' origin.
struct ParallelRoadMatcher: RoadNetworkMatcher {
    var offset: Double

    func match(latitude: Double, longitude: Double, heading: Double?) -> RoadMatch? {
        let onRoad = Coordinate(latitude: Streets.point(0, offset).latitude, longitude: longitude)
        let distance = Streets.distance(Coordinate(latitude: latitude, longitude: longitude), onRoad)
        return RoadMatch(
            latitude: onRoad.latitude, longitude: onRoad.longitude, roadName: "Parallel Street", speedLimit: 30 / 3.6,
            distance: distance, course: 90)
    }
}
