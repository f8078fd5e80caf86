import NavCore
import Foundation
import NavGuidance
import Testing

@Suite("Arrival")
struct ArrivalTests {
    /// A trip on `street` ending with a wait at the destination.
    private func trip(_ street: [(Double, Double)], seed: UInt64, sigma: Double) -> Trace {
        var trace = Trace(seed: seed, sigma: sigma)
        trace.drive(street, speed: 8 + Double(seed % 7))
        trace.dwell(at: street[street.count - 1], seconds: 10)
        return trace
    }

    @Test("exactly one arrival per trip, never early, over 50 seeded noisy trips")
    func noFalseOrMissedArrivals() {
        for seed: UInt64 in 1...50 {
            let street = seed % 2 == 0 ? Streets.lShape : Streets.zigZag
            let sigma = seed % 3 == 0 ? 5.0 : 10.0
            let trace = trip(street, seed: seed, sigma: sigma)
            let destination = Streets.point(street[street.count - 1].0, street[street.count - 1].1)
            var session = Session(route: GuidanceRoute(legs: [Streets.leg(street)]))
            var arrivalDistances: [Double] = []
            for sample in trace.samples {
                if session.send(.fix(sample.fix)).contains(where: \.isArrival) {
                    arrivalDistances.append(Streets.distance(sample.truth, destination))
                }
            }
            #expect(arrivalDistances.count == 1, "seed \(seed): \(arrivalDistances.count) arrivals")
            #expect(arrivalDistances.allSatisfy { $0 <= 50 }, "seed \(seed): arrived \(arrivalDistances) m away")
            #expect(session.rerouteRequests == 0, "seed \(seed)")
            #expect(session.arrivals.first?.isFinal == true)
        }
    }

    @Test("driving past the destination at speed still arrives")
    func passingAtSpeed() {
        var trace = Trace(seed: 1, sigma: 5)
        trace.drive([(0, 0), (500, 0), (500, 560)], speed: 40)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
        for sample in trace.samples {
            session.send(.fix(sample.fix))
        }
        #expect(session.arrivals.count == 1)
    }

    @Test("arrival stops guidance by default and reports the stopped state")
    func stopsGuidance() throws {
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]))
        var trace = Trace(seed: 2, sigma: 0)
        trace.drive(Streets.lShape, speed: 10)
        trace.dwell(at: (500, 500), seconds: 5)
        for sample in trace.samples {
            session.send(.fix(sample.fix))
        }
        let arrival = try #require(session.events.firstIndex { $0.isArrival })
        #expect(session.state.isGuidanceActive == false)
        #expect(session.state.navState == .stopped)
        guard case .navInfo(let info) = session.events[arrival + 1] else {
            Issue.record("expected nav info after arrival, got \(session.events[arrival + 1])")
            return
        }
        #expect(info.navState == .stopped)
        let afterArrival = session.events[(arrival + 1)...]
        #expect(!afterArrival.contains { if case .remainingTime = $0 { true } else { false } })
    }

    @Test("with stopGuidanceAtArrival off, guidance stays active and the arrival is not repeated")
    func keepsGuiding() {
        var session = Session(
            route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]),
            options: GuidanceOptions(stopGuidanceAtArrival: false))
        var trace = Trace(seed: 2, sigma: 10)
        trace.drive(Streets.lShape, speed: 10)
        trace.dwell(at: (500, 500), seconds: 30)
        for sample in trace.samples {
            session.send(.fix(sample.fix))
        }
        #expect(session.arrivals.count == 1)
        #expect(session.state.isGuidanceActive)
        #expect(session.state.remainingDistanceToNextDestination == 0)
    }

    @Test("continuing to the next destination never announces the one just reached again")
    func continueToNextDestination() throws {
        let first = [(0.0, 0.0), (500.0, 0.0)]
        let second = [(500.0, 0.0), (500.0, 400.0), (900.0, 400.0)]
        for seed: UInt64 in 1...20 {
            let route = GuidanceRoute(legs: [Streets.leg(first, title: "A"), Streets.leg(second, title: "B")])
            var session = Session(route: route)
            var trace = Trace(seed: seed, sigma: 10)
            trace.drive(first, speed: 10)
            trace.dwell(at: (500, 0), seconds: 20)
            let firstPart = trace.samples.count
            trace.drive(second, speed: 10, skipFirst: true)
            trace.dwell(at: (900, 400), seconds: 10)
            var continued = false
            for (i, sample) in trace.samples.enumerated() {
                let events = session.send(.fix(sample.fix))
                if events.contains(where: \.isArrival) && !continued {
                    #expect(i < firstPart, "seed \(seed)")
                    let changed = session.send(.continueToNextDestination)
                    guard case .routeChanged(.nextDestination, let legs, 1)? = changed.first else {
                        Issue.record("expected route change to leg 1, got \(changed)")
                        return
                    }
                    #expect(legs.count == 2)
                    #expect(session.state.isGuidanceActive == false)
                    session.send(.setGuidanceActive(true))
                    continued = true
                }
            }
            let arrivals = session.arrivals
            #expect(arrivals.map(\.index) == [0, 1], "seed \(seed)")
            #expect(arrivals.map(\.isFinal) == [false, true], "seed \(seed)")
        }
    }

    @Test("a session saved mid-trip and restored continues without a second arrival")
    func codableRoundTrip() throws {
        var trace = Trace(seed: 9, sigma: 10)
        trace.drive(Streets.zigZag, speed: 12)
        trace.dwell(at: (800, 0), seconds: 10)
        var session = Session(route: GuidanceRoute(legs: [Streets.leg(Streets.zigZag)]))
        let half = trace.samples.count / 2
        for sample in trace.samples[..<half] {
            session.send(.fix(sample.fix))
        }
        let saved = try JSONEncoder().encode(session.state)
        session.state = try JSONDecoder().decode(GuidanceState.self, from: saved)
        #expect(session.state.route?.legs.count == 1)
        for sample in trace.samples[half...] {
            session.send(.fix(sample.fix))
        }
        #expect(session.arrivals.count == 1)

        // Restoring again after the arrival, and driving on, must not announce it twice.
        let afterArrival = try JSONDecoder().decode(GuidanceState.self, from: JSONEncoder().encode(session.state))
        session.state = afterArrival
        session.send(.setGuidanceActive(true))
        for sample in trace.samples.suffix(10) {
            var fix = sample.fix
            fix.time += 100
            session.send(.fix(fix))
        }
        #expect(session.arrivals.count == 1)
    }

    @Test("an invalid leg is rejected with a code")
    func invalidLeg() {
        let waypoint = GuidanceWaypoint(title: "X", latitude: 0, longitude: 0)
        #expect(throws: GuidanceRouteError.self) {
            try GuidanceLeg(
                coordinates: [Coordinate(latitude: 0, longitude: 0)], freeFlowSpeeds: [], speedLimits: [],
                roadNames: [],
                steps: [], destination: waypoint)
        }
        do {
            _ = try GuidanceLeg(
                coordinates: [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 0.01)],
                freeFlowSpeeds: [10, 10], speedLimits: [nil], roadNames: [""], steps: [], destination: waypoint)
            Issue.record("mismatched arrays were accepted")
        } catch {
            #expect(error.code == "segmentCountMismatch")
        }
    }
}
