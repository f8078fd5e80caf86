import NavGuidance
import Testing

@Suite("Long routes")
struct ThroughputTests {
    @Test("twenty thousand noisy fixes along a 2,000-point route are followed to the end")
    func longRoute() {
        let street = Streets.meander(count: 2_001)
        let route = GuidanceRoute(legs: [Streets.leg(street, speed: 25)])
        var trace = Trace(seed: 42, sigma: 10)
        trace.drive(street, speed: 5)
        var session = Session(route: route)
        session.send(.stopUpdatingLocation)
        let fixes = trace.samples.prefix(20_000).map(\.fix)
        #expect(fixes.count == 20_000)
        let length = session.state.remainingDistanceToNextDestination ?? 0
        var remaining = length
        for fix in fixes {
            session.send(.fix(fix))
            let now = session.state.remainingDistanceToNextDestination ?? 0
            #expect(now <= remaining)
            remaining = now
        }
        #expect(session.rerouteRequests == 0)
        #expect(abs((length - remaining) - 5 * 19_999) < 40, "travelled \(length - remaining) m")
    }
}
