import NavCore
import NavGuidance
import Synchronization
import Testing

/// What following a route asks of the network matcher: while the vehicle plainly follows its route, most fixes
/// skip the search, and the searches that do run start from the route one fix back, so none of them has to span
/// the skipped fixes from every old hypothesis (the cost that made a guided fix 2-3 times dearer than before the
/// matcher existed).
@Suite("Cost of the network matcher while following the route")
struct MatcherCostTests {
    /// The streets of a ``StreetGrid``, counting the driving-distance searches asked of them and the longest.
    final class SearchLog: Sendable {
        private let state = Mutex((searches: 0, longest: 0.0))
        var searches: Int { state.withLock { $0.searches } }
        var longest: Double { state.withLock { $0.longest } }

        func record(_ maximum: Double) {
            state.withLock {
                $0.searches += 1
                $0.longest = max($0.longest, maximum)
            }
        }
    }

    struct CountingStreets: RoadNetworkMatcher {
        let streets: StreetGrid
        let log: SearchLog

        func match(latitude: Double, longitude: Double, heading: Double?) -> RoadMatch? {
            streets.match(latitude: latitude, longitude: longitude, heading: heading)
        }

        func candidates(near position: Coordinate, within radius: Double, limit: Int) -> [RoadCandidate] {
            streets.candidates(near: position, within: radius, limit: limit)
        }

        func networkDistances(from origin: RoadCandidate, to targets: [RoadCandidate], maximum: Double) -> [Double?] {
            log.record(maximum)
            return streets.networkDistances(from: origin, to: targets, maximum: maximum)
        }
    }

    @Test("a guided drive along a street grid searches from the route, over no more than a few seconds' drive")
    func searchesStayShort() {
        // 1.8 km east along the middle street of a 60 m grid, past 30 junctions, at 10 m/s.
        let log = SearchLog()
        let streets = CountingStreets(streets: StreetGrid(columns: 31, rows: 5, spacing: 60), log: log)
        let path: [(Double, Double)] = [(0, 120), (1_800, 120)]
        let route = GuidanceRoute(legs: [Streets.leg(path)])
        for seed: UInt64 in 1...4 {
            var trace = Trace(seed: seed, sigma: seed % 2 == 0 ? 5 : 10)
            trace.drive(path, speed: 10)
            var session = Session(route: route, matcher: streets)
            var onRoute = 0
            for sample in trace.samples {
                let shown = session.send(.fix(sample.fix)).compactMap(\.snappedLocation)
                if shown.contains(where: \.onRoute) { onRoute += 1 }
            }
            #expect(session.rerouteRequests == 0, "seed \(seed)")
            #expect(onRoute >= trace.samples.count * 95 / 100, "seed \(seed): \(onRoute) of \(trace.samples.count)")
        }
        // A search spanning one second at 10 m/s reaches 2 × 10 m + 3σ + 50 m, at most 115 m at σ 15 m; one spanning
        // the nine skipped fixes of ten seconds would reach 2 × 100 m + 3σ + 50 m, 265 m and more.
        #expect(log.longest <= 120, "longest search \(log.longest) m")
        #expect(log.searches > 0)
    }
}
