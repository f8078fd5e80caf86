import NavCore
import NavGuidance
import Testing

/// Arriving by another road than the planned one, and not arriving when only passing by.
@Suite("Arrival from any approach")
struct ApproachTests {
    /// Drives a trace through the engine, answering every reroute request as a router on the streets of
    /// the drive would: from where the vehicle is, on along the street it drives (`path`), then by `tail`
    /// to where the router joined the destination.
    static func run(
        _ trace: Trace, route: GuidanceRoute, path: [(Double, Double)], tail: [(Double, Double)]
    ) -> (session: Session, arrivalTruths: [Coordinate]) {
        var session = Session(route: route)
        var arrivalTruths: [Coordinate] = []
        for sample in trace.samples {
            let events = session.send(.fix(sample.fix))
            if events.contains(where: \.isArrival) { arrivalTruths.append(sample.truth) }
            for case .rerouteRequested(let origin, _) in events {
                guard let leg = session.state.route?.legs.first else { continue }
                let ahead = Streets.leg(pathAhead(of: origin, along: path) + tail)
                session.send(.replaceRoute(GuidanceRoute(legs: [ahead.to(leg.destination)]), reason: .offRoute))
            }
        }
        return (session, arrivalTruths)
    }

    /// The rest of a local polyline from the point on it nearest to `origin`.
    static func pathAhead(of origin: Coordinate, along path: [(Double, Double)]) -> [(Double, Double)] {
        var best = (distance: Double.infinity, piece: 0, point: path[0])
        for i in 0..<(path.count - 1) {
            let (ax, ay) = path[i]
            let (bx, by) = path[i + 1]
            for step in 0...20 {
                let f = Double(step) / 20
                let point = (ax + (bx - ax) * f, ay + (by - ay) * f)
                let distance = Streets.distance(origin, Streets.point(point.0, point.1))
                if distance < best.distance { best = (distance, i, point) }
            }
        }
        return [best.point] + path[(best.piece + 1)...]
    }

    @Test(
        "stopping on a parallel street within 25 m of the destination arrives once, with zero left to go",
        arguments: [5.0, 10.0])
    func parallelStreetStop(sigma: Double) {
        for seed: UInt64 in 1...20 {
            // Planned: east along y = 0, then north to (500, 500). Driven: north first along x = 0, then
            // east along a street `offset` metres north of the destination, stopping beside it.
            let offset = 8 + Double(seed % 4) * 5
            let path: [(Double, Double)] = [(0, 0), (0, 500 + offset), (500, 500 + offset)]
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive(path, speed: 10)
            trace.dwell(at: (500, 500 + offset), seconds: 20)
            let (session, truths) = Self.run(
                trace, route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]), path: path, tail: [(500, 500)])
            let destination = Streets.point(500, 500)
            #expect(truths.count == 1, "seed \(seed), σ \(sigma): \(truths.count) arrivals")
            #expect(truths.allSatisfy { Streets.distance($0, destination) <= 30 }, "seed \(seed)")
            #expect(session.rerouteRequests <= 1, "seed \(seed): \(session.rerouteRequests) reroutes")
            #expect(session.state.remainingDistanceToNextDestination == 0)
            let distances = session.events.compactMap { if case .remainingDistance(let m) = $0 { m } else { nil } }
            #expect(distances.last == 0, "seed \(seed)")
        }
    }

    @Test("the issue's case: a waypoint 220 m from where the route ends, reached and stopped at 7.5 m away")
    func waypointAwayFromLegEnd() {
        for seed: UInt64 in 1...10 {
            // The router joined the destination to the network 220 m away from it; the driver goes to the
            // destination itself and parks there.
            let waypoint = Streets.point(500, 720)
            let leg = Streets.leg(Streets.lShape).to(
                GuidanceWaypoint(title: "Kaisaniemi", latitude: waypoint.latitude, longitude: waypoint.longitude))
            let path = [(0.0, 0.0), (0, 727.5), (500, 727.5)]
            var trace = Trace(seed: seed, sigma: 5)
            trace.drive(path, speed: 10)
            trace.dwell(at: (500, 727.5), seconds: 60)
            let (session, truths) = Self.run(
                trace, route: GuidanceRoute(legs: [leg]), path: path, tail: [(600, 727.5), (600, 500), (500, 500)])
            #expect(truths.count == 1, "seed \(seed): \(truths.count) arrivals")
            #expect(session.rerouteRequests <= 2, "seed \(seed): \(session.rerouteRequests) reroutes")
            #expect(session.state.navState == .stopped)
        }
    }

    @Test("passing the destination at speed on a road 15 m beside it does not arrive; stopping 60 m away neither")
    func passingByIsNotArriving() {
        for seed: UInt64 in 1...20 {
            let sigma = seed % 2 == 0 ? 5.0 : 10.0
            // A bridge 15 m north of the destination, crossed at 14 m/s, then a wait at a light 60 m on;
            // from the bridge the streets lead round by (700, 515) and (700, 0) back to it.
            let path = [(0.0, 0.0), (0, 515), (560, 515)]
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive(path, speed: 14)
            trace.dwell(at: (560, 515), seconds: 30)
            let (_, truths) = Self.run(
                trace, route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]), path: path,
                tail: [(700, 515), (700, 0), (500, 0), (500, 500)])
            #expect(truths.isEmpty, "seed \(seed), σ \(sigma): arrived at \(truths)")
        }
    }

    @Test("a 20 s GPS outage just before the destination still gives exactly one arrival")
    func outageBeforeArrival() {
        for seed: UInt64 in 1...10 {
            var trace = Trace(seed: seed, sigma: 10)
            trace.drive(Streets.lShape, speed: 10)
            trace.dwell(at: (500, 500), seconds: 10)
            let cutStart = trace.samples.count - 40
            var gapped = trace
            gapped.samples.removeSubrange(cutStart..<(cutStart + 20))
            let (session, truths) = Self.run(
                gapped, route: GuidanceRoute(legs: [Streets.leg(Streets.lShape)]), path: Streets.lShape, tail: [])
            #expect(truths.count == 1, "seed \(seed)")
            #expect(session.rerouteRequests == 0, "seed \(seed)")
        }
    }
}
