import NavCore
import NavProtocol
import NavWeb
import Testing

/// Says every point east of a longitude lies on one way.
struct EastOfLongitude: RouteWayMatcher {
    let longitude: Double
    let way: Int64
    func wayID(at point: Coordinate) -> Int64? { point.longitude > longitude ? way : nil }
}

@Suite struct TrafficOverlayTests {
    let line = (0..<5).map { Coordinate(latitude: 60.17, longitude: 24.93 + Double($0) * 0.002) }

    @Test(arguments: [(nil, TrafficLevel.free), (0.9, .free), (0.6, .slow), (0.3, .jammed), (0, .closed)])
    func levelsFromSpeedFactors(factor: Double?, level: TrafficLevel) {
        #expect(TrafficLevel(speedFactor: factor) == level)
    }

    @Test func conditionsByWayColourOnlyThoseSegments() {
        var overlay = TrafficOverlay()
        overlay.replace(
            TrafficConditions(
                provider: "test",
                conditions: [TrafficCondition(wayIds: [77], speedFactor: 0.3, expiresAt: Samples.time(600))]))
        let runs = overlay.runs(along: line, matcher: EastOfLongitude(longitude: 24.935, way: 77), now: Samples.time(0))
        #expect(runs == [TrafficRun(from: 0, to: 2, level: .free), TrafficRun(from: 2, to: 4, level: .jammed)])
    }

    @Test func areasTheSlowestConditionAndExpiry() {
        var overlay = TrafficOverlay()
        overlay.replace(
            TrafficConditions(
                provider: "a",
                conditions: [
                    TrafficCondition(
                        area: .circle(center: line[0], radiusMeters: 150), speedFactor: 0.7, expiresAt: Samples.time(60)),
                    TrafficCondition(
                        area: .circle(center: line[0], radiusMeters: 150), incident: .closure,
                        expiresAt: Samples.time(30)),
                ]))
        #expect(overlay.runs(along: line, matcher: nil, now: Samples.time(10)).first?.level == .closed)
        #expect(overlay.runs(along: line, matcher: nil, now: Samples.time(40)).first?.level == .slow)
        #expect(overlay.runs(along: line, matcher: nil, now: Samples.time(90)) == [TrafficRun(from: 0, to: 4, level: .free)])
        overlay.replace(TrafficConditions(provider: "a", conditions: []))
        #expect(overlay.isEmpty)
    }

    @Test func fleetRecoloursRoutesWhenTrafficArrives() throws {
        var fleet = FleetState()
        _ = fleet.apply(Samples.route(.newDestinations, [Samples.kamppi]), vehicle: "v", at: Samples.time(0))
        let kamppiStart = Coordinate(latitude: 60.1712, longitude: 24.9433)
        let changed = fleet.apply(
            TrafficConditions(
                provider: "p",
                conditions: [
                    TrafficCondition(area: .circle(center: kamppiStart, radiusMeters: 500), speedFactor: 0.4, expiresAt: Samples.time(60))
                ]), at: Samples.time(1))
        #expect(changed == ["v"])
        let route = try #require(fleet.vehicles["v"]?.routeView)
        #expect(route.traffic.first?.level == .jammed)
        #expect(try #require(fleet.vehicles["v"]?.view.progress).traffic.first?.level == .jammed)
    }

    @Test func fleetRefusesVehiclesBeyondItsBound() {
        var fleet = FleetState(maximumVehicles: 2)
        for id in ["a", "b"] {
            #expect(fleet.apply(Samples.location(60, 25, at: Samples.time(0)), vehicle: id, at: Samples.time(0)) != nil)
        }
        #expect(fleet.apply(Samples.location(60, 25, at: Samples.time(0)), vehicle: "c", at: Samples.time(0)) == nil)
        #expect(fleet.apply(Samples.location(61, 25, at: Samples.time(1)), vehicle: "a", at: Samples.time(1)) != nil)
    }
}
