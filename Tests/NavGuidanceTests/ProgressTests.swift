import NavCore
import NavGuidance
import Testing

@Suite("Remaining time, distance, delay and nav info")
struct ProgressTests {
    private func remaining(_ events: [GuidanceEvent]) -> (times: [Double], distances: [Double]) {
        var times: [Double] = []
        var distances: [Double] = []
        for event in events {
            if case .remainingTime(let seconds) = event { times.append(seconds) }
            if case .remainingDistance(let meters) = event { distances.append(meters) }
        }
        return (times, distances)
    }

    @Test("values are sent only after moving by the thresholds; the first goes out at once")
    func thresholds() throws {
        let options = GuidanceOptions(timeUpdateThreshold: 10, distanceUpdateThreshold: 100)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape, speed: 10)]), options: options)
        var trace = Trace(seed: 1, sigma: 0)
        trace.drive(Streets.lShape, speed: 10)
        let first = session.send(.fix(trace.samples[0].fix))
        let (firstTimes, firstDistances) = remaining(first)
        #expect(firstTimes.count == 1 && firstDistances.count == 1)
        #expect(abs((firstDistances.first ?? 0) - 1_000) < 1)
        #expect(abs((firstTimes.first ?? 0) - 100) < 0.5)
        for sample in trace.samples.dropFirst() {
            session.send(.fix(sample.fix))
        }
        let (times, distances) = remaining(session.events)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($0 - $1) >= 10 })
        #expect(zip(distances, distances.dropFirst()).allSatisfy { abs($0 - $1) >= 100 })
        #expect(distances.count >= 9 && distances.count <= 11, "\(distances)")
        #expect(times.count >= 9 && times.count <= 11, "\(times)")
    }

    @Test("default thresholds of 1 s and 1 m report every fix of a vehicle gaining 1.2 s and 12 m a second")
    func defaultThresholds() {
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape, speed: 10)]))
        var trace = Trace(seed: 1, sigma: 0)
        trace.drive([(0, 0), (300, 0)], speed: 12)
        for sample in trace.samples {
            session.send(.fix(sample.fix))
        }
        let (times, distances) = remaining(session.events)
        #expect(times.count == trace.samples.count)
        #expect(distances.count == trace.samples.count)
    }

    @Test("starting guidance again sends the current values even when unchanged")
    func restartSendsFirstValue() {
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
        let fix = Fix(latitude: Streets.origin.latitude, longitude: Streets.origin.longitude, speed: 0, time: 100)
        session.send(.fix(fix))
        session.send(.setGuidanceActive(false))
        #expect(
            remaining(session.send(.fix(Fix(latitude: fix.latitude, longitude: fix.longitude, speed: 0, time: 101))))
                .times.isEmpty)
        session.send(.setGuidanceActive(true))
        let again = remaining(
            session.send(.fix(Fix(latitude: fix.latitude, longitude: fix.longitude, speed: 0, time: 102))))
        #expect(again.times.count == 1 && again.distances.count == 1)
    }

    @Test("traffic slows the remaining time down")
    func trafficAwareTime() {
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.straight, speed: 10)]))
        #expect(abs((session.state.remainingTimeToNextDestination ?? 0) - 100) < 0.5)
        session.send(.applyTraffic(TrafficUpdate(legIndex: 0, speedFactors: [0.5])))
        #expect(abs((session.state.remainingTimeToNextDestination ?? 0) - 200) < 0.5)
    }

    @Test(
        "delay category thresholds and SDK numbering",
        arguments: [
            (nil, DelayCategory.noData), (1.0, .light), (1.09, .light), (1.1, .medium), (1.39, .medium), (1.4, .heavy),
            (3.0, .heavy),
        ] as [(Double?, DelayCategory)])
    func delayThresholds(ratio: Double?, category: DelayCategory) {
        #expect(DelayCategory(ratio: ratio) == category)
    }

    @Test("delay categories are numbered as in the SDK")
    func delayNumbers() {
        #expect(DelayCategory.allCases.map(\.number) == [0, 1, 2, 3])
        #expect(DelayCategory.allCases.map(\.rawValue) == ["noData", "heavy", "medium", "light"])
    }

    @Test("delay category follows traffic on the remaining leg and is sent on change only")
    func delayEvents() {
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape, speed: 10)]))
        var trace = Trace(seed: 1, sigma: 0)
        trace.drive(Streets.lShape, speed: 10)
        var categories: [DelayCategory] = []
        func drive(_ range: Range<Int>) {
            for sample in trace.samples[range] {
                for event in session.send(.fix(sample.fix)) {
                    if case .delayCategory(let category) = event { categories.append(category) }
                }
            }
        }
        drive(0..<5)
        #expect(categories == [.noData])
        // Segment 0 at free flow, segment 1 at half speed: (50 + 100) / 100 = 1.5 from the start.
        session.send(.applyTraffic(TrafficUpdate(legIndex: 0, speedFactors: [1, 0.5])))
        drive(5..<6)
        #expect(categories == [.noData, .heavy])
        session.send(.applyTraffic(TrafficUpdate(legIndex: 0, speedFactors: [1, 0.8])))
        drive(6..<10)
        #expect(categories == [.noData, .heavy, .medium])
        session.send(.applyTraffic(TrafficUpdate(legIndex: 0, speedFactors: [0.5, nil])))
        drive(10..<20)
        #expect(categories.last == .medium, "at 190 m: (62 + 50) / (31 + 50) = 1.38")
        drive(20..<46)
        #expect(categories.last == .light, "at 450 m: (10 + 50) / (5 + 50) = 1.09")
        drive(60..<70)
        #expect(categories.last == .noData, "no traffic information on the rest of the leg")
        #expect(session.state.delayCategoryToNextDestination == .noData)
    }

    @Test("nav info comes once a second of fix time with the current step and what is left")
    func navInfo() throws {
        let route = GuidanceRoute(legs: [
            Streets.leg(Streets.lShape, speed: 10), Streets.leg([(500, 500), (900, 500)], speed: 10),
        ])
        var session = Session(route: route)
        for i in 0..<20 {
            let point = Streets.point(Double(i) * 5, 0)
            session.send(
                .fix(
                    Fix(
                        latitude: point.latitude, longitude: point.longitude, course: 90, speed: 10,
                        time: 1_000 + Double(i) * 0.5)))
        }
        let infos = session.events.compactMap { event -> NavInfo? in
            if case .navInfo(let info) = event { return info }
            return nil
        }
        #expect(infos.count == 10)
        let last = try #require(infos.last)
        #expect(last.navState == .enroute)
        #expect(last.currentStep?.roadName == "Street 0")
        #expect(last.currentStep?.maneuver == .depart)
        #expect(last.nextStep?.maneuver == .turn)
        #expect(last.nextStep?.instruction == "Turn onto Street 1")
        #expect(last.remainingSteps == 2 + 2)
        // The last nav info is from the fix at 1009 s, 90 m along the first street.
        #expect(abs(last.distanceToCurrentStepEnd - 410) < 1)
        #expect(abs(last.timeToCurrentStepEnd - 41) < 0.2)
        #expect(abs(last.distanceToFinalDestination - 1_310) < 1)
        #expect(abs(last.timeToFinalDestination - 131) < 0.2)
    }
}
