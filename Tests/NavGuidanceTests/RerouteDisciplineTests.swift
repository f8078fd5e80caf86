import NavCore
import NavGuidance
import Testing

/// Rerouting only when the vehicle left its route, once per departure, from the road it is on.
@Suite("Rerouting discipline")
struct RerouteDisciplineTests {
    @Test("a vehicle that leaves its route and stops asks once, however often the answer fails")
    func stoppedOffRoute() {
        for seed: UInt64 in 1...10 {
            var trace = Trace(seed: seed, sigma: 10)
            trace.drive([(0, 0), (300, 0), (300, -45)], speed: 10)
            trace.dwell(at: (300, -45), seconds: 120)
            var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
            for sample in trace.samples {
                if session.send(.fix(sample.fix)).contains(where: \.isRerouteRequest) {
                    session.send(.rerouteFailed)
                }
            }
            #expect(session.rerouteRequests == 1, "seed \(seed): \(session.rerouteRequests) requests")
        }
    }

    @Test("after a reroute, the next request waits until the vehicle has moved on 5 s and 50 m")
    func holdOff() {
        var trace = Trace(seed: 3, sigma: 5)
        trace.drive([(0, 0), (300, 0), (300, -400)], speed: 10)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
        var requests: [(time: Double, truth: Coordinate)] = []
        for sample in trace.samples {
            for case .rerouteRequested(let origin, _) in session.send(.fix(sample.fix)) {
                requests.append((sample.fix.time, sample.truth))
                // A route that the driver ignores: straight on east, while the vehicle goes south.
                let start = origin
                let leg = Streets.leg([(0, 0), (1_000, 0)])
                let east = Streets.point(1_000, 0)
                session.send(
                    .replaceRoute(
                        GuidanceRoute(legs: [
                            ApproachTests.straight(from: start, to: east, destination: leg.destination)
                        ]), reason: .offRoute))
            }
        }
        #expect(requests.count >= 2)
        for (earlier, later) in zip(requests, requests.dropFirst()) {
            #expect(later.time - earlier.time >= 5)
            #expect(Streets.distance(later.truth, earlier.truth) >= 49.9)
        }
    }

    @Test("a remaining distance within the threshold of the last one sent is not sent again after a reroute")
    func thresholdAcrossReroutes() {
        let options = GuidanceOptions(distanceUpdateThreshold: 100)
        var trace = Trace(seed: 2, sigma: 0)
        trace.drive([(0, 0), (250, 0), (250, 60)], speed: 10)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]), options: options)
        var sent: [Double] = []
        for sample in trace.samples {
            let events = session.send(.fix(sample.fix))
            sent += events.compactMap { if case .remainingDistance(let metres) = $0 { metres } else { nil } }
            for case .rerouteRequested(let origin, _) in events {
                // The new route is about as long as what was left of the old one.
                let replacement = ApproachTests.straight(
                    from: origin, to: Streets.point(500, 500),
                    destination: session.state.route!.legs[0].destination)
                sent += session.send(.replaceRoute(GuidanceRoute(legs: [replacement]), reason: .offRoute))
                    .compactMap { if case .remainingDistance(let metres) = $0 { metres } else { nil } }
            }
        }
        #expect(session.rerouteRequests == 1)
        #expect(zip(sent, sent.dropFirst()).allSatisfy { abs($0 - $1) >= 100 }, "\(sent)")
    }

    @Test("the reroute starts on the street the vehicle has turned into, heading its way", arguments: [5.0, 10.0])
    func rerouteFromTheRoadDriven(sigma: Double) {
        let grid = StreetGrid(columns: 8, rows: 8, spacing: 60)
        for seed: UInt64 in 1...10 {
            // Planned: east along y = 180. Driven: north at x = 240 (a street 60 m from the next ones).
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive([(0, 180), (240, 180), (240, 420)], speed: 10)
            var session = Session(
                route: GuidanceRoute(legs: [Streets.leg([(0, 180), (420, 180)])]), matcher: grid)
            var origin: (Coordinate, Double?)?
            for sample in trace.samples where origin == nil {
                for case .rerouteRequested(let from, let heading) in session.send(.fix(sample.fix)) {
                    origin = (from, heading)
                }
            }
            guard let (from, heading) = origin else {
                Issue.record("seed \(seed): no reroute")
                continue
            }
            let onStreet = Streets.distance(from, toSegment: Streets.point(240, 180), Streets.point(240, 420))
            #expect(onStreet <= 2, "seed \(seed): \(onStreet) m from the street driven")
            #expect(abs((heading ?? 180) - 0).truncatingRemainder(dividingBy: 360) <= 30 || (heading ?? 0) >= 330)
        }
    }
}

extension ApproachTests {
    /// A one-segment leg between two points.
    static func straight(from a: Coordinate, to b: Coordinate, destination: GuidanceWaypoint) -> GuidanceLeg {
        // Two points with one speed, limit and name per segment make a valid leg.
        try! GuidanceLeg(
            coordinates: [a, b], freeFlowSpeeds: [13.9], speedLimits: [nil], roadNames: ["Detour"],
            steps: [
                GuidanceStep(maneuver: .depart, instruction: "Head out", roadName: "Detour", startIndex: 0, endIndex: 1),
                GuidanceStep(maneuver: .arrive, instruction: "Arrive", roadName: "Detour", startIndex: 1, endIndex: 1),
            ], destination: destination)
    }
}
