import NavCore
import NavGuidance
import Testing

/// Driving past the leg's end without stopping, with the network matcher the navigator has: reaching the end
/// itself arrives, turning off just before it or passing beside it does not. The streets are the shapes of the
/// evaluation's false arrivals at σ 10 m (scripts/eval/guidance.py, pass-by trips driven at 11-13 m/s).
@Suite("Passing the leg's end")
struct PassingTheEndTests {
    /// Feeds a trace; the reroutes the engine asks for are left unanswered, so the leg stays the one planned.
    static func arrivals(_ trace: Trace, route: GuidanceRoute, streets: StreetGrid) -> [Coordinate] {
        var session = Session(route: route, matcher: streets)
        var truths: [Coordinate] = []
        for sample in trace.samples {
            for case .arrival(_, _, let isFinal) in session.send(.fix(sample.fix)) {
                truths.append(sample.truth)
                if !isFinal {
                    // What an app does on reaching a stop on the way.
                    session.send(.continueToNextDestination)
                    session.send(.setGuidanceActive(true))
                }
            }
        }
        return truths
    }

    @Test("turning the other way 13 m before the end, where the route's last short turn goes, never arrives")
    func turnBeforeTheEnd() {
        // East along y = 0 to a junction at (0, 0); the route turns right to the destination 13 m down the
        // side street, the driver turns left and drives on north.
        let streets = StreetGrid(
            nodes: [(-600, 0), (0, 0), (200, 0), (0, -60), (0, 400)], streets: [(0, 1), (1, 2), (1, 3), (1, 4)])
        let route = GuidanceRoute(legs: [Streets.leg([(-600, 0), (0, 0), (0, -13)])])
        for seed: UInt64 in 1...30 {
            let sigma = seed % 2 == 0 ? 5.0 : 10.0
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive([(-600, 0), (0, 0), (0, 400)], speed: 11 + Double(seed % 3))
            trace.dwell(at: (0, 400), seconds: 20)
            let truths = Self.arrivals(trace, route: route, streets: streets)
            #expect(truths.isEmpty, "seed \(seed), σ \(sigma): arrived at \(truths)")
        }
    }

    @Test("turning off 11 m before the end of a straight last stretch never arrives, whatever a wild fix says")
    func turnOffJustShort() {
        // South along x = 0 to the destination at (0, 0); the driver turns west 11 m before it.
        let streets = StreetGrid(
            nodes: [(0, 600), (0, 11), (0, -200), (-500, 11), (300, 11)],
            streets: [(0, 1), (1, 2), (1, 3), (1, 4)])
        let route = GuidanceRoute(legs: [Streets.leg([(0, 600), (0, 0)])])
        for seed: UInt64 in 1...30 {
            let sigma = seed % 2 == 0 ? 5.0 : 10.0
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive([(0, 600), (0, 11), (-500, 11)], speed: 10 + Double(seed % 4))
            trace.dwell(at: (-500, 11), seconds: 20)
            let truths = Self.arrivals(trace, route: route, streets: streets)
            #expect(truths.isEmpty, "seed \(seed), σ \(sigma): arrived at \(truths)")
        }
    }

    @Test("passing on a street 12 m beside the destination's, joined to it at both ends, never arrives")
    func passingBesideOnAParallelStreet() {
        // The shape of Monaco's port (held-out map): the destination at (0, 0) on a street along y = 0 that joins
        // the street driven, 12 m north, at x = -150 and x = 150. The route leaves the street driven at x = -150 for
        // the destination's; the driver stays on the street driven at 7-8 m/s and stops 300 m on.
        let streets = StreetGrid(
            nodes: [(-600, 12), (-150, 12), (150, 12), (600, 12), (-150, 0), (150, 0)],
            streets: [(0, 1), (1, 2), (2, 3), (1, 4), (4, 5), (5, 2)])
        let route = GuidanceRoute(legs: [Streets.leg([(-600, 12), (-150, 12), (-150, 0), (0, 0)])])
        var arrivals = 0
        for seed: UInt64 in 1...40 {
            let sigma = seed % 2 == 0 ? 5.0 : 10.0
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive([(-600, 12), (450, 12)], speed: 7 + Double(seed % 2))
            trace.dwell(at: (450, 12), seconds: 20)
            let truths = Self.arrivals(trace, route: route, streets: streets)
            arrivals += truths.count
            #expect(truths.isEmpty, "seed \(seed), σ \(sigma): arrived at \(truths)")
        }
        #expect(arrivals == 0)
    }

    @Test("driving through a stop on the way at speed arrives there, then at the last stop", arguments: [5.0, 10.0])
    func throughAStopOnTheWay(sigma: Double) {
        // Straight east through the first stop at (0, 0), a junction, on to the last stop at (600, 0).
        let streets = StreetGrid(
            nodes: [(-600, 0), (0, 0), (600, 0), (0, -300), (0, 300), (900, 0)],
            streets: [(0, 1), (1, 2), (1, 3), (1, 4), (2, 5)])
        let route = GuidanceRoute(legs: [
            Streets.leg([(-600, 0), (0, 0)], title: "First"), Streets.leg([(0, 0), (600, 0)], title: "Last"),
        ])
        for seed: UInt64 in 1...20 {
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive([(-600, 0), (600, 0)], speed: 12 + Double(seed % 5))
            trace.dwell(at: (600, 0), seconds: 20)
            let truths = Self.arrivals(trace, route: route, streets: streets)
            #expect(truths.count == 2, "seed \(seed): \(truths.count) arrivals")
            if let first = truths.first {
                #expect(Streets.distance(first, Streets.point(0, 0)) <= 25, "seed \(seed): first at \(first)")
            }
        }
    }

    @Test("passing a stop on the way on a street 15 m beside it at speed does not arrive there")
    func besideAStopOnTheWay() {
        // The first stop is on y = 0; the driver goes along y = 15 past it and on.
        let streets = StreetGrid(
            nodes: [(-600, 0), (0, 0), (600, 0), (-600, 15), (600, 15), (-600, -300)],
            streets: [(0, 1), (1, 2), (3, 4), (0, 3), (2, 4), (0, 5)])
        let route = GuidanceRoute(legs: [
            Streets.leg([(-600, 0), (0, 0)], title: "First"), Streets.leg([(0, 0), (600, 0)], title: "Last"),
        ])
        for seed: UInt64 in 1...20 {
            let sigma = seed % 2 == 0 ? 5.0 : 10.0
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive([(-600, 0), (-600, 15), (600, 15)], speed: 12 + Double(seed % 3))
            let truths = Self.arrivals(trace, route: route, streets: streets)
            #expect(truths.isEmpty, "seed \(seed), σ \(sigma): arrived at \(truths)")
        }
    }
}
