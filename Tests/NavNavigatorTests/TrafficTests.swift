import NavCore
import Foundation
import NavMap
import NavNavigator
import NavProtocol
import NavRouting
import Testing

/// `traffic.conditions.v1` applied to routes: delay category, remaining time, expiry, faster routes.
@Suite("Traffic")
struct TrafficTests {
    /// A harness guiding along a random Helsinki trip, a few fixes into it.
    struct Trip {
        var harness: NavigatorHarness
        var leg: NavRouting.RouteLeg
        var trace: RouteTrace
        var next = 1

        init(seed: UInt64, lengths: ClosedRange<Double> = 1_200...2_500) throws {
            let map = try HelsinkiMap.map()
            var planner = TripPlanner(map: map, seed: seed)
            leg = planner.randomTrip(lengths: lengths)
            trace = RouteTrace(seed: seed, sigma: 3)
            trace.drive(leg.coordinates, speeds: leg.segmentSpeeds)
            harness = try NavigatorHarness(map: map)
            let destination = leg.destination.coordinate
            let status = harness.startTrip(
                from: trace.samples[0].fix,
                to: [Waypoint(title: "Destination", latitude: destination.latitude, longitude: destination.longitude)])
            #expect(status == .ok)
            drive(seconds: 5)
        }

        mutating func drive(seconds: Int) {
            for _ in 0..<seconds where next < trace.samples.count {
                harness.clock.now = trace.samples[next].fix.timestamp.secondsSince1970
                harness.send(trace.samples[next].fix)
                next += 1
            }
        }

        var routeWays: [Int64] { Array(Set(leg.segmentWayIDs)) }

        func conditions(_ factor: Double, expiresIn: Double = 3_600, provider: String = "test") -> TrafficConditions {
            TrafficConditions(
                provider: provider,
                conditions: [
                    TrafficCondition(
                        wayIds: routeWays, speedFactor: factor,
                        expiresAt: Timestamp(secondsSince1970: harness.clock.now + expiresIn))
                ])
        }
    }

    @Test("the delay category follows the ratio of traffic to free-flow time, and noData without traffic")
    func delayCategory() throws {
        var trip = try Trip(seed: 31)
        #expect(trip.harness.delayCategories == [.noData])
        let freeFlow = try #require(trip.harness.remainingTimes.last)
        for (factor, expected) in [(0.5, DelayCategory.heavy), (0.8, .medium), (0.97, .light)] {
            trip.harness.navigator.updateTraffic(trip.conditions(factor))
            trip.drive(seconds: 2)
            #expect(trip.harness.delayCategories.last == expected, "factor \(factor)")
        }
        trip.harness.navigator.updateTraffic(trip.conditions(0.5))
        trip.drive(seconds: 2)
        let slowed = try #require(trip.harness.remainingTimes.last)
        #expect(slowed > freeFlow * 1.7, "remaining time \(slowed) s at half speed, \(freeFlow) s at free flow")
        trip.harness.navigator.updateTraffic(TrafficConditions(provider: "test", conditions: []))
        trip.drive(seconds: 2)
        #expect(trip.harness.delayCategories.last == .noData)
        let state = trip.harness.navigator.state(VehicleParams())
        #expect(state.delayCategoryToNextDestination == .noData)
    }

    @Test("conditions expire at their time even without a newer message")
    func expiry() throws {
        var trip = try Trip(seed: 32)
        trip.harness.navigator.updateTraffic(trip.conditions(0.5, expiresIn: 10))
        trip.drive(seconds: 2)
        #expect(trip.harness.delayCategories.last == .heavy)
        trip.harness.clock.now += 20
        trip.harness.navigator.tick()
        trip.drive(seconds: 2)
        #expect(trip.harness.delayCategories.last == .noData)
    }

    @Test("an area condition slows every road inside it; providers add up and the slowest wins")
    func areaAndProviders() throws {
        var trip = try Trip(seed: 33)
        let middle = trip.leg.coordinates[trip.leg.coordinates.count / 2]
        trip.harness.navigator.updateTraffic(
            TrafficConditions(
                provider: "city",
                conditions: [
                    TrafficCondition(
                        area: .circle(
                            center: Coordinate(latitude: middle.latitude, longitude: middle.longitude),
                            radiusMeters: 5_000),
                        speedFactor: 0.8, expiresAt: Timestamp(secondsSince1970: trip.harness.clock.now + 600))
                ]))
        trip.drive(seconds: 2)
        #expect(trip.harness.delayCategories.last == .medium)
        trip.harness.navigator.updateTraffic(trip.conditions(0.5, provider: "roads"))
        trip.drive(seconds: 2)
        #expect(trip.harness.delayCategories.last == .heavy)
        trip.harness.navigator.updateTraffic(TrafficConditions(provider: "roads", conditions: []))
        trip.drive(seconds: 2)
        #expect(trip.harness.delayCategories.last == .medium)
    }

    @Test("a closure ahead makes the navigator take a faster route (reason fasterRoute) once")
    func fasterRoute() throws {
        var trip = try Trip(seed: 34, lengths: 1_500...2_500)
        // Close the longest stretch of one way in the middle of the route.
        let middle = trip.leg.segmentWayIDs[(trip.leg.segmentWayIDs.count / 3)...(2 * trip.leg.segmentWayIDs.count / 3)]
        let lengths = Dictionary(grouping: middle.indices, by: { trip.leg.segmentWayIDs[$0] }).mapValues { indices in
            indices.reduce(0.0) { $0 + trip.leg.cumulativeDistances[$1 + 1] - trip.leg.cumulativeDistances[$1] }
        }
        let closed = try #require(lengths.max { $0.value < $1.value }?.key)
        trip.harness.navigator.updateTraffic(
            TrafficConditions(
                provider: "police",
                conditions: [
                    TrafficCondition(
                        wayIds: [closed], incident: .closure,
                        expiresAt: Timestamp(secondsSince1970: trip.harness.clock.now + 3_600))
                ]))
        trip.drive(seconds: 1)
        let before = try #require(trip.harness.navigator.state(VehicleParams()).timeToNextDestinationSeconds)
        trip.harness.navigator.tick()
        trip.harness.navigator.tick()
        let faster = trip.harness.routeChanges.filter { $0.reason == .fasterRoute }
        #expect(faster.count == 1)
        let after = try #require(trip.harness.navigator.state(VehicleParams()).timeToNextDestinationSeconds)
        #expect(after < before * 0.9, "faster route takes \(after) s against \(before) s")
        #expect(trip.harness.counters.value("fasterRoutes") == 1)
    }
}
