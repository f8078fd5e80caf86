import NavCore
import Foundation
import NavMap
import NavNavigator
import NavProtocol
import NavRouting
import Testing

/// The navigator on the real Helsinki extract, following noisy 1 Hz traces of routes between random
/// places.
@Suite("Traced trips on Helsinki")
struct TracedTripTests {
    /// What one trip measured.
    struct TripOutcome {
        var fixes = 0
        var onTrueRoad = 0
        var arrivals: [(index: Int, remaining: Double)] = []
        var reroutes = 0
    }

    /// Drives one random trip with noise `sigma` and scores the snapped locations against the truth.
    ///
    /// A snapped location is on the true road when it lies within 1.5 m of a route segment that belongs
    /// to the same OSM way as the true position, or to a way of the same (non-empty) name, since OSM
    /// splits one street into many ways.
    static func drive(seed: UInt64, sigma: Double, map: NavigatorMap) throws -> TripOutcome {
        var planner = TripPlanner(map: map, seed: seed)
        let leg = planner.randomTrip()
        var trace = RouteTrace(seed: seed &* 7919, sigma: sigma)
        trace.drive(leg.coordinates, speeds: leg.segmentSpeeds)
        trace.dwell(seconds: 8)
        let harness = try NavigatorHarness(map: map)
        let destination = leg.destination.coordinate
        let status = harness.startTrip(
            from: trace.samples[0].fix,
            to: [Waypoint(title: "Destination", latitude: destination.latitude, longitude: destination.longitude)])
        #expect(status == .ok, "seed \(seed)")
        var outcome = TripOutcome()
        for sample in trace.samples.dropFirst() {
            let events = harness.send(sample.fix)
            for event in events {
                switch event.payload {
                case .location(let location):
                    outcome.fixes += 1
                    let snapped = Coordinate(latitude: location.latitude, longitude: location.longitude)
                    if isOnTrueRoad(snapped, sample: sample, leg: leg) { outcome.onTrueRoad += 1 }
                case .arrival(let arrival):
                    outcome.arrivals.append((arrival.waypointIndex, leg.distanceMeters - sample.along))
                case .routeChanged(let change) where change.reason == .offRoute:
                    outcome.reroutes += 1
                default:
                    break
                }
            }
        }
        return outcome
    }

    static func isOnTrueRoad(_ point: Coordinate, sample: RouteTrace.Sample, leg: NavRouting.RouteLeg) -> Bool {
        let way = leg.segmentWayIDs[sample.segment]
        let name = leg.segmentRoadNames[sample.segment]
        let window = max(0, sample.segment - 40)...min(leg.segmentWayIDs.count - 1, sample.segment + 40)
        return window.contains { j in
            (leg.segmentWayIDs[j] == way || (!name.isEmpty && leg.segmentRoadNames[j] == name))
                && Flat.distance(point, toSegment: leg.coordinates[j], leg.coordinates[j + 1]) <= 1.5
        }
    }

    @Test(
        "over 50 trips: snapped road is the true one for ≥ 98 % of fixes, exactly one arrival per trip, no reroute",
        arguments: [5.0, 10.0])
    func accuracyAndArrivals(sigma: Double) throws {
        let map = try HelsinkiMap.map()
        var total = TripOutcome()
        var missed: [UInt64] = []
        var falseArrivals: [String] = []
        let trips: [UInt64] = Array(1...50).map { UInt64($0) + (sigma == 5 ? 0 : 1_000) }
        for seed in trips {
            let outcome = try Self.drive(seed: seed, sigma: sigma, map: map)
            total.fixes += outcome.fixes
            total.onTrueRoad += outcome.onTrueRoad
            total.reroutes += outcome.reroutes
            if outcome.arrivals.isEmpty { missed.append(seed) }
            for arrival in outcome.arrivals where arrival.remaining > 40 || outcome.arrivals.count > 1 {
                falseArrivals.append("seed \(seed): arrival \(arrival.index) with \(Int(arrival.remaining)) m to go")
            }
        }
        let share = Double(total.onTrueRoad) / Double(max(1, total.fixes))
        let percent = String(format: "%.2f", share * 100)
        print(
            "σ \(sigma) m: \(trips.count) trips, \(total.fixes) fixes, on the true road \(percent) %, "
                + "\(missed.count) missed and \(falseArrivals.count) false arrivals, \(total.reroutes) reroutes")
        #expect(share >= 0.98, "only \(share * 100) % of \(total.fixes) fixes on the true road")
        #expect(missed.isEmpty, "no arrival on trips \(missed)")
        #expect(falseArrivals.isEmpty, "\(falseArrivals)")
        #expect(total.reroutes == 0, "reroutes while following the route")
    }
}
