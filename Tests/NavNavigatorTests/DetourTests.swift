import NavCore
import Foundation
import NavMap
import NavNavigator
import NavProtocol
import NavRouting
import Testing

/// Leaving the route on purpose: the vehicle drives on towards another place where its route turns off.
@Suite("Detours on Helsinki")
struct DetourTests {
    /// A planned route and a detour that shares its start and then leaves it for good.
    struct Scenario {
        var planned: NavRouting.RouteLeg
        var detour: NavRouting.RouteLeg
        /// Metres along the detour where it leaves the planned route.
        var divergence: Double
    }

    /// Finds a destination whose route from the same origin follows the planned one for at least 150 m
    /// and is at least 60 m away from it 150 m after parting.
    static func scenario(seed: UInt64, map: NavigatorMap) -> Scenario {
        var planner = TripPlanner(map: map, seed: seed)
        while true {
            let planned = planner.randomTrip(lengths: 1_000...2_500)
            let origin = planned.coordinates[0]
            for _ in 0..<40 {
                guard let detour = planner.route(from: origin, to: [planner.randomPoint()]),
                    let parting = partingDistance(planned, detour), parting >= 150,
                    detour.distanceMeters >= parting + 400,
                    distance(from: point(on: detour, at: parting + 150), to: planned) >= 60
                else { continue }
                return Scenario(planned: planned, detour: detour, divergence: parting)
            }
        }
    }

    /// Metres along `detour` to the first point more than 3 m from the planned route.
    static func partingDistance(_ planned: NavRouting.RouteLeg, _ detour: NavRouting.RouteLeg) -> Double? {
        for index in detour.coordinates.indices where distance(from: detour.coordinates[index], to: planned) > 3 {
            return index == 0 ? nil : detour.cumulativeDistances[index - 1]
        }
        return nil
    }

    static func point(on leg: NavRouting.RouteLeg, at along: Double) -> Coordinate {
        let index = leg.cumulativeDistances.firstIndex { $0 >= along } ?? leg.coordinates.count - 1
        return leg.coordinates[index]
    }

    static func distance(from point: Coordinate, to leg: NavRouting.RouteLeg) -> Double {
        (0..<(leg.coordinates.count - 1)).map {
            Flat.distance(point, toSegment: leg.coordinates[$0], leg.coordinates[$0 + 1])
        }
        .min() ?? .infinity
    }

    @Test(
        "a detour causes exactly one reroute, within 10 s of leaving the route, and the trip still arrives once",
        arguments: [11, 12, 13, 14, 15] as [UInt64])
    func oneRerouteAfterLeaving(seed: UInt64) throws {
        let map = try HelsinkiMap.map()
        let scenario = Self.scenario(seed: seed, map: map)
        let destination = scenario.planned.destination.coordinate
        var trace = RouteTrace(seed: seed, sigma: 5)
        trace.drive(scenario.detour.coordinates, speeds: scenario.detour.segmentSpeeds)
        let harness = try NavigatorHarness(map: map)
        let status = harness.startTrip(
            from: trace.samples[0].fix,
            to: [Waypoint(title: "Planned", latitude: destination.latitude, longitude: destination.longitude)])
        #expect(status == .ok)

        var leftAt: Double?
        var reroutedAt: Double?
        var time = trace.samples[0].fix.timestamp.secondsSince1970
        for sample in trace.samples.dropFirst() {
            time = sample.fix.timestamp.secondsSince1970
            if leftAt == nil, sample.along > scenario.divergence { leftAt = time }
            harness.send(sample.fix)
            if harness.routeChanges.contains(where: { $0.reason == .offRoute }) {
                reroutedAt = time
                break
            }
        }
        let left = try #require(leftAt, "the trace never left the route")
        let rerouted = try #require(reroutedAt, "no reroute after leaving the route")
        print("detour seed \(seed): rerouted \(Int(rerouted - left)) s after leaving the route")
        #expect(rerouted >= left, "rerouted \(left - rerouted) s before leaving the route")
        #expect(rerouted - left <= 10, "rerouted \(rerouted - left) s after leaving the route")

        // Follow the new route to the destination: no further reroute, one arrival.
        let newRoute = try #require(harness.routeChanges.last?.routeLegs.first)
        var onward = RouteTrace(seed: seed + 99, sigma: 5, startTime: time + 1)
        onward.drive(
            newRoute.geometry.points.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) },
            speeds: newRoute.segmentSpeeds, exactStart: false)
        onward.dwell(seconds: 8)
        for sample in onward.samples { harness.send(sample.fix) }
        #expect(harness.routeChanges.filter { $0.reason == .offRoute }.count == 1)
        #expect(harness.arrivals.map(\.waypointIndex) == [0])
        #expect(harness.counters.value("reroutes") == 1)
    }
}
