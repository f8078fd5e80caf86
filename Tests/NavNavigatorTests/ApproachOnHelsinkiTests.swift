import NavCore
import Foundation
import NavMap
import NavNavigator
import NavProtocol
import NavRouting
import Testing

/// Drivers who do not take the planned road, on the Helsinki extract: the fast versions of the guidance
/// evaluation's trips (scripts/eval/guidance.py drives the same kinds against OSRM's paths).
@Suite("Approaches on Helsinki")
struct ApproachOnHelsinkiTests {
    /// A place on a named street and a place on another named street 10-25 m from it.
    static func parallelPair(_ planner: inout TripPlanner) -> (stop: Coordinate, destination: Coordinate) {
        let graph = planner.map.graph
        let snapper = planner.map.router.snapper
        while true {
            let destination = planner.randomPoint()
            guard let own = snapper.nearest(to: destination, mode: .driving) else { continue }
            let ownName = graph.roadName(ofWay: graph.way(ofSegment: own.segment))
            guard !ownName.isEmpty else { continue }
            for segment in snapper.segments(in: BoundingBox(center: destination, radiusMeters: 60)) {
                let name = graph.roadName(ofWay: graph.way(ofSegment: segment))
                guard !name.isEmpty, name != ownName,
                    graph.allows(.driving, onArc: 2 * segment) || graph.allows(.driving, onArc: 2 * segment + 1)
                else { continue }
                let (a, b) = graph.endpoints(ofSegment: segment)
                let from = graph.coordinate(ofNode: a)
                let to = graph.coordinate(ofNode: b)
                let gap = Flat.distance(destination, toSegment: from, to)
                guard (10...25).contains(gap) else { continue }
                // The nearest point of that street, found by halving.
                var (low, high) = (0.0, 1.0)
                for _ in 0..<30 {
                    let third = (high - low) / 3
                    let left = from.interpolated(to: to, fraction: low + third).distance(to: destination)
                    let right = from.interpolated(to: to, fraction: high - third).distance(to: destination)
                    if left < right { high -= third } else { low += third }
                }
                return (from.interpolated(to: to, fraction: (low + high) / 2), destination)
            }
        }
    }

    /// Drives `points` with noise, from a navigator trip to `destination`, and returns the arrivals with the
    /// true position of each and the reroutes.
    static func drive(
        _ leg: NavRouting.RouteLeg, destination: Coordinate, seed: UInt64, sigma: Double, stops: Bool
    ) throws -> (arrivals: [Coordinate], reroutes: Int, harness: NavigatorHarness) {
        var trace = RouteTrace(seed: seed, sigma: sigma)
        trace.drive(leg.coordinates, speeds: leg.segmentSpeeds)
        if stops { trace.dwell(seconds: 20) }
        let harness = try NavigatorHarness(map: try HelsinkiMap.map())
        let status = harness.startTrip(
            from: trace.samples[0].fix,
            to: [Waypoint(title: "D", latitude: destination.latitude, longitude: destination.longitude)])
        #expect(status == .ok, "seed \(seed)")
        var arrivals: [Coordinate] = []
        for sample in trace.samples.dropFirst() {
            for event in harness.send(sample.fix) {
                if case .arrival = event.payload { arrivals.append(sample.truth) }
            }
        }
        return (arrivals, harness.routeChanges.count { $0.reason == .offRoute }, harness)
    }

    @Test("stopping on another street 10-25 m from the destination arrives exactly once", arguments: [5.0, 10.0])
    func parallelStreetStop(sigma: Double) throws {
        for seed: UInt64 in 1...5 {
            var planner = TripPlanner(map: try HelsinkiMap.map(), seed: seed &+ UInt64(sigma) &* 100)
            let (stop, destination) = Self.parallelPair(&planner)
            var leg: NavRouting.RouteLeg?
            for _ in 0..<300 where leg == nil {
                let origin = planner.randomPoint()
                // The router must end the drive at the stop itself, not join it to the network elsewhere.
                guard origin.distance(to: stop) > 500, let found = planner.route(from: origin, to: [stop]),
                    found.distanceMeters > 500, found.coordinates.count > 3,
                    let end = found.coordinates.last, end.distance(to: stop) < 3
                else { continue }
                leg = found
            }
            let (arrivals, reroutes, _) = try Self.drive(
                try #require(leg), destination: destination, seed: seed, sigma: sigma, stops: true)
            #expect(arrivals.count == 1, "seed \(seed): \(arrivals.count) arrivals, \(reroutes) reroutes")
            #expect(
                arrivals.allSatisfy { $0.distance(to: destination) <= 50 },
                "seed \(seed): arrived \(arrivals.map { Int($0.distance(to: destination)) }) m from the destination, \(arrivals.map { Int($0.distance(to: stop)) }) m from the stop")
        }
    }

    @Test("passing 10-25 m from the destination on another street at speed, and stopping far on, never arrives")
    func passingBy() throws {
        for seed: UInt64 in 1...5 {
            var planner = TripPlanner(map: try HelsinkiMap.map(), seed: seed &+ 500)
            var found: (beside: Coordinate, destination: Coordinate, legs: [NavRouting.RouteLeg])?
            // A drive through the place beside the destination that keeps off the destination's own street;
            // some pairs have none, so a few tries each.
            for _ in 0..<40 where found == nil {
                let (beside, destination) = Self.parallelPair(&planner)
                for _ in 0..<25 where found == nil {
                    let origin = planner.randomPoint()
                    let beyond = planner.randomPoint()
                    guard origin.distance(to: beside) > 500, beyond.distance(to: destination) > 300,
                        beyond.distance(to: beside) < 900,
                        let legs = planner.routeLegs(from: origin, to: [beside, beyond]),
                        legs.allSatisfy({ $0.coordinates.count > 2 }), legs[0].distanceMeters > 400,
                        Self.distance(from: destination, to: NavRouting.RouteLeg.joined(legs).coordinates) >= 10
                    else { continue }
                    found = (beside, destination, legs)
                }
            }
            let (beside, destination, legs) = try #require(found, "seed \(seed): no drive past a destination found")
            let joined = NavRouting.RouteLeg.joined(legs)
            let (arrivals, _, _) = try Self.drive(joined, destination: destination, seed: seed, sigma: 5, stops: true)
            #expect(
                arrivals.isEmpty,
                "seed \(seed): arrived \(arrivals.map { Int($0.distance(to: destination)) }) m from the destination, \(arrivals.map { Int($0.distance(to: beside)) }) m from the place beside it")
        }
    }

    @Test("a driver who goes by another place first is rerouted, never told of arrival early, and arrives once")
    func ignoringThePlan() throws {
        for seed: UInt64 in 1...4 {
            var planner = TripPlanner(map: try HelsinkiMap.map(), seed: seed &+ 900)
            let trip = planner.randomTrip(lengths: 800...1_800)
            let origin = trip.coordinates[0]
            let destination = trip.destination.coordinate
            var legs: [NavRouting.RouteLeg]?
            for _ in 0..<2_000 where legs == nil {
                let via = planner.randomPoint()
                guard via.distance(to: origin) < 1_000, via.distance(to: destination) < 1_000,
                    let found = planner.routeLegs(from: origin, to: [via, destination]),
                    found.allSatisfy({ $0.coordinates.count > 2 })
                else { continue }
                legs = found
            }
            let joined = NavRouting.RouteLeg.joined(try #require(legs))
            let (arrivals, reroutes, harness) = try Self.drive(
                joined, destination: destination, seed: seed, sigma: 5, stops: true)
            #expect(arrivals.count == 1, "seed \(seed)")
            #expect(arrivals.allSatisfy { $0.distance(to: destination) <= 50 }, "seed \(seed)")
            #expect(reroutes <= 8, "seed \(seed): \(reroutes) reroutes")
            #expect(harness.counters.value("reroutes") == UInt64(reroutes))
        }
    }
}

extension ApproachOnHelsinkiTests {
    /// Metres from a point to a polyline.
    static func distance(from point: Coordinate, to line: [Coordinate]) -> Double {
        (0..<(line.count - 1)).map { Flat.distance(point, toSegment: line[$0], line[$0 + 1]) }.min() ?? .infinity
    }
}

extension NavRouting.RouteLeg {
    /// Consecutive legs as one polyline with per-segment speeds, for driving them without a stop.
    static func joined(_ legs: [NavRouting.RouteLeg]) -> NavRouting.RouteLeg {
        var joined = legs[0]
        for leg in legs.dropFirst() {
            joined.coordinates += leg.coordinates.dropFirst()
            joined.segmentSpeeds += leg.segmentSpeeds
        }
        return joined
    }
}
