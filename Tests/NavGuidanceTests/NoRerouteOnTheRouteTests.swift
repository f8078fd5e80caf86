import NavCore
import NavGuidance
import Testing

/// GPS noise alone never takes a vehicle off its route. The receiver's error drifts (correlated from one
/// fix to the next, as a receiver's filter makes it), so fixes stay off to one side for seconds at a time.
///
/// Waiting at a light where the route folds back beside itself: 300 m east, 18 m north round a hairpin,
/// 300 m back west. Standing 20–30 m before the hairpin, the far side is 18 m away on the ground
/// and 58–78 m ahead along the route, so a receiver drifting north puts fix after fix nearer the far side.
/// The vehicle has not moved on, so neither may its position: following those fixes took the tracked
/// position past the hairpin, and the vehicle's next fixes, still on the near side, read as driving back
/// against the route, a reroute ("Make a U-turn") while on the route.
@Suite("No reroute while on the route")
struct NoRerouteOnTheRouteTests {
    static let hairpin: [(Double, Double)] = [(0, 0), (300, 0), (300, 18), (0, 18)]
    static let hairpinStreets = StreetGrid(
        nodes: [(0, 0), (300, 0), (300, 18), (0, 18)], streets: [(0, 1), (1, 2), (2, 3)])
    static let length = 618.0

    @Test(
        "waiting before a hairpin under drifting noise: no reroute, the position stays on the near side",
        arguments: [5.0, 10.0], [false, true])
    func waitingBeforeAHairpin(sigma: Double, withNetwork: Bool) {
        for seed: UInt64 in 1...12 {
            let stop = seed % 2 == 0 ? 270.0 : 280.0
            var trace = Trace(seed: seed, sigma: sigma, correlation: 0.5)
            trace.drive([(0, 0), (stop - 15, 0)], speed: 10)
            // Creeping up to the stop line, then 40 s at the light.
            trace.drive([(stop - 15, 0), (stop, 0)], speed: 1, skipFirst: true)
            let arrivedAtTheLight = trace.samples.count
            trace.dwell(at: (stop, 0), seconds: 40)
            let leftTheLight = trace.samples.count
            trace.drive([(stop, 0), (300, 0), (300, 18), (0, 18)], speed: 6, skipFirst: true)
            trace.dwell(at: (0, 18), seconds: 5)

            var session = Session(
                route: GuidanceRoute(legs: [Streets.leg(Self.hairpin)]),
                matcher: withNetwork ? Self.hairpinStreets : nil)
            var farthestWhileWaiting = 0.0
            var rerouting = 0
            for (index, sample) in trace.samples.enumerated() {
                session.send(.fix(sample.fix))
                if session.state.navState == .rerouting { rerouting += 1 }
                if index >= arrivedAtTheLight && index < leftTheLight {
                    let along = Self.length - (session.state.remainingDistanceToNextDestination ?? 0)
                    farthestWhileWaiting = max(farthestWhileWaiting, along)
                }
            }
            let label = "σ \(sigma) m, seed \(seed), network \(withNetwork)"
            #expect(session.rerouteRequests == 0, "\(label): \(session.rerouteRequests) reroutes")
            #expect(rerouting == 0, "\(label): \(rerouting) fixes rerouting")
            #expect(
                farthestWhileWaiting <= stop + 25,
                "\(label): waiting at \(stop) m, tracked up to \(Int(farthestWhileWaiting)) m")
            #expect(session.arrivals.map(\.index) == [0], "\(label)")
        }
    }

    @Test("cutting a loop of the route short onto its later pass: no reroute, guidance goes on from there", arguments: [5.0, 10.0])
    func cuttingALoopShort(sigma: Double) {
        // The shape of Monaco's Rond-Point Canton (held-out map): the route runs east to a junction at (0, 0), on
        // south round a block and back through the junction north. The driver turns north at the junction, onto
        // the route's later pass, going its way.
        let streets = StreetGrid(
            nodes: [(-600, 0), (0, 0), (0, -120), (120, -120), (120, 0), (0, 600)],
            streets: [(0, 1), (1, 2), (2, 3), (3, 4), (4, 1), (1, 5)])
        let loop: [(Double, Double)] = [(-600, 0), (0, 0), (0, -120), (120, -120), (120, 0), (0, 0), (0, 500)]
        for seed: UInt64 in 1...12 {
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive([(-600, 0), (0, 0), (0, 500)], speed: 9 + Double(seed % 3))
            trace.dwell(at: (0, 500), seconds: 20)
            var session = Session(route: GuidanceRoute(legs: [Streets.leg(loop)]), matcher: streets)
            for sample in trace.samples { session.send(.fix(sample.fix)) }
            let label = "σ \(sigma) m, seed \(seed)"
            #expect(session.rerouteRequests == 0, "\(label): \(session.rerouteRequests) reroutes")
            #expect(session.arrivals.map(\.index) == [0], "\(label)")
        }
    }

    @Test("driving round the hairpin, the position follows it onto the far side")
    func drivingRoundTheHairpin() {
        var trace = Trace(seed: 3, sigma: 10, correlation: 0.5)
        trace.drive(Self.hairpin, speed: 8)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Self.hairpin)]))
        var trackedOnTheFarSide = 0
        for sample in trace.samples {
            session.send(.fix(sample.fix))
            let along = Self.length - (session.state.remainingDistanceToNextDestination ?? 0)
            if along > 330 && along < 600 { trackedOnTheFarSide += 1 }
        }
        // 270 m of the far side at 8 m/s is 33 fixes; the tracked position is there for nearly all of them.
        #expect(trackedOnTheFarSide >= 28, "\(trackedOnTheFarSide) fixes tracked on the far side")
        #expect(session.rerouteRequests == 0)
    }

    @Test("slowing for a turn with fixes drifting past the corner is not driving straight on", arguments: [5.0, 10.0])
    func slowingForATurn(sigma: Double) {
        for seed: UInt64 in 1...25 {
            var trace = Trace(seed: seed, sigma: sigma, correlation: 0.5)
            trace.drive([(0, 0), (440, 0)], speed: 12)
            trace.drive([(440, 0), (500, 0), (500, 500)], speed: 5, skipFirst: true)
            var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
            for sample in trace.samples {
                session.send(.fix(sample.fix))
            }
            #expect(session.rerouteRequests == 0, "σ \(sigma) m, seed \(seed): \(session.rerouteRequests) reroutes")
        }
    }

    @Test("standing on the route for three minutes, however far the fixes drift, is not leaving it")
    func standingOnTheRoute() {
        for seed: UInt64 in 1...25 {
            var trace = Trace(seed: seed, sigma: 10, correlation: 0.8)
            trace.drive([(0, 0), (200, 0)], speed: 10)
            trace.dwell(at: (200, 0), seconds: 180)
            trace.drive([(200, 0), (260, 0)], speed: 5, skipFirst: true)
            var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
            var rerouting = 0
            for sample in trace.samples {
                session.send(.fix(sample.fix))
                if session.state.navState == .rerouting { rerouting += 1 }
            }
            #expect(session.rerouteRequests == 0, "seed \(seed): \(session.rerouteRequests) reroutes")
            #expect(rerouting == 0, "seed \(seed): \(rerouting) fixes rerouting")
        }
    }

    @Test("fixes thrown 35 m to one side while driving along the road: the road network says drift, without it a departure")
    func driftingBesideTheRoad() {
        let road = StreetGrid(nodes: [(0, 0), (1_000, 0), (2_000, 0)], streets: [(0, 1), (1, 2)])
        var trace = Trace(seed: 1, sigma: 0)
        trace.drive([(0, 0), (1_000, 0)], speed: 15)
        // Five fixes in a row 35 m north of the road, still running along it at the driven speed.
        trace.drive([(1_000, 35), (1_075, 35)], speed: 15, skipFirst: true)
        trace.drive([(1_075, 0), (2_000, 0)], speed: 15, skipFirst: true)
        trace.dwell(at: (2_000, 0), seconds: 5)
        let route = GuidanceRoute(legs: [Streets.leg([(0, 0), (2_000, 0)])])
        var withNetwork = Session(route: route, matcher: road)
        var withoutNetwork = Session(route: route)
        for sample in trace.samples {
            // A receiver that knows it is this far off reports so: 12 m, about σ 8 m.
            var fix = sample.fix
            fix.horizontalAccuracy = 12
            withNetwork.send(.fix(fix))
            withoutNetwork.send(.fix(fix))
        }
        #expect(withNetwork.rerouteRequests == 0)
        #expect(withNetwork.arrivals.map(\.index) == [0])
        #expect(withoutNetwork.rerouteRequests == 1)
    }
}
