import NavCore
import Foundation
import NavGuidance
import Testing

/// Snapping without a route (free drive) and off it: the hidden Markov matcher on a street grid whose
/// parallel streets are as close as city blocks, one fix at a time.
@Suite("Matching to the road network")
struct NetworkMatchingTests {
    static let grid = StreetGrid(columns: 8, rows: 8, spacing: 60)

    /// A random walk over the grid: at each corner straight on, left or right, never back.
    static func randomWalk(seed: UInt64, corners: Int) -> [(Double, Double)] {
        var random = SeededGenerator(seed: seed)
        var position = (3, 3)
        var direction = (1, 0)
        var points = [(180.0, 180.0)]
        for _ in 0..<corners {
            var options = [direction, (-direction.1, direction.0), (direction.1, -direction.0)]
            options.removeAll { position.0 + $0.0 < 0 || position.0 + $0.0 > 7 || position.1 + $0.1 < 0 || position.1 + $0.1 > 7 }
            if options.isEmpty { options = [(-direction.0, -direction.1)] }
            direction = options[Int(random.next() % UInt64(options.count))]
            position = (position.0 + direction.0, position.1 + direction.1)
            points.append((Double(position.0) * 60, Double(position.1) * 60))
        }
        return points
    }

    /// Metres from a shown location to the road truly driven: the pieces between the true positions of
    /// the seconds around the fix (they lie on the street, cutting corners by a metre or two).
    static func offTruth(_ location: SnappedLocation, truth: [Coordinate], at index: Int) -> Double {
        let point = Coordinate(latitude: location.latitude, longitude: location.longitude)
        let window = max(0, index - 2)..<min(truth.count - 1, index + 2)
        return window.map { Streets.distance(point, toSegment: truth[$0], truth[$0 + 1]) }.min()
            ?? Streets.distance(point, truth[index])
    }

    /// Share of fixes shown within 5 m of the street truly driven, over seeded random walks.
    static func share(sigma: Double, seeds: ClosedRange<UInt64>, matcher: any RoadNetworkMatcher) -> Double {
        var good = 0
        var total = 0
        for seed in seeds {
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive(randomWalk(seed: seed, corners: 14), speed: 8 + Double(seed % 5))
            let engine = GuidanceEngine(matcher: matcher)
            var state = GuidanceState()
            _ = engine.apply(.startUpdatingLocation, to: &state)
            let truth = trace.samples.map(\.truth)
            for (index, sample) in trace.samples.enumerated() {
                guard let location = engine.apply(.fix(sample.fix), to: &state).compactMap(\.snappedLocation).first
                else { continue }
                total += 1
                if offTruth(location, truth: truth, at: index) <= 5 { good += 1 }
            }
        }
        return Double(good) / Double(max(1, total))
    }

    @Test(
        "free drive on 60 m blocks: shown on the street driven for ≥ 97 % of fixes at σ 5 m, ≥ 92 % at σ 10 m",
        arguments: [(5.0, 0.97), (10.0, 0.92)])
    func freeDrive(sigma: Double, goal: Double) {
        let share = Self.share(sigma: sigma, seeds: 1...12, matcher: Self.grid)
        print("free drive σ \(sigma) m: \(String(format: "%.2f", share * 100)) % within 5 m of the street driven")
        #expect(share >= goal)
    }

    @Test("history beats the nearest street: the matcher does better than snapping each fix alone at σ 10 m")
    func betterThanNearest() {
        struct NearestOnly: RoadNetworkMatcher {
            let grid: StreetGrid
            func match(latitude: Double, longitude: Double, heading: Double?) -> RoadMatch? {
                grid.match(latitude: latitude, longitude: longitude, heading: heading)
            }
        }
        let filtered = Self.share(sigma: 10, seeds: 1...6, matcher: Self.grid)
        let nearest = Self.share(sigma: 10, seeds: 1...6, matcher: NearestOnly(grid: Self.grid))
        #expect(filtered > nearest + 0.03, "filtered \(filtered), nearest \(nearest)")
    }

    @Test("a U-turn in the middle of a street is followed within a few fixes")
    func uTurn() {
        var trace = Trace(seed: 5, sigma: 5)
        trace.drive([(60, 180), (300, 180)], speed: 10)
        trace.drive([(300, 180), (60, 180)], speed: 10, skipFirst: true)
        let engine = GuidanceEngine(matcher: Self.grid)
        var state = GuidanceState()
        _ = engine.apply(.startUpdatingLocation, to: &state)
        var wrongWay = 0
        for sample in trace.samples.dropLast(3) {
            let location = engine.apply(.fix(sample.fix), to: &state).compactMap(\.snappedLocation).first
            guard let course = location?.course, let driven = sample.fix.course else { continue }
            let angle = abs((course - driven + 540).truncatingRemainder(dividingBy: 360) - 180)
            if angle > 90 { wrongWay += 1 }
        }
        #expect(wrongWay <= 3, "\(wrongWay) fixes shown heading the other way")
    }

    /// A fork of one-way streets, as Monaco's Rue de la Colle and its link to Boulevard Charles III: the route runs
    /// straight on south, the driver bears off south-west 60° at the fork. While the vehicle plainly follows its
    /// route the matcher skips fixes and is placed on the route; placed where a noisy fix projects, a few metres
    /// past the fork, it could not reach the branch again (one-way roads give no way back), and the route stayed on
    /// show until the departure was sure.
    @Test("bearing off at a fork of one-way streets is followed onto the branch", arguments: [5.0, 10.0])
    func bearingOffAtAOneWayFork(sigma: Double) {
        let streets = StreetGrid(
            nodes: [(0, 600), (0, 0), (0, -600), (-520, -300)], streets: [(0, 1), (1, 2), (1, 3)],
            oneWay: [0, 1, 2])
        let branchEnd = Streets.point(-520, -300)
        var onBranch = 0
        var shown = 0
        for seed: UInt64 in 1...20 {
            var trace = Trace(seed: seed, sigma: sigma)
            trace.drive([(0, 600), (0, 0), (-520, -300)], speed: 9 + Double(seed % 4))
            var session = Session(
                route: GuidanceRoute(legs: [Streets.leg([(0, 600), (0, 0), (0, -600)])]), matcher: streets)
            for sample in trace.samples {
                let events = session.send(.fix(sample.fix))
                // From 20 m to 80 m along the branch: past the first fix or two after the fork.
                let along = Streets.distance(sample.truth, Streets.point(0, 0))
                guard sample.truth.longitude < Streets.origin.longitude, along >= 20, along <= 80,
                    let location = events.lazy.compactMap(\.snappedLocation).first
                else { continue }
                shown += 1
                let position = Coordinate(latitude: location.latitude, longitude: location.longitude)
                if Streets.distance(position, toSegment: Streets.point(0, 0), branchEnd) <= 5 { onBranch += 1 }
            }
        }
        #expect(shown >= 20 * 4)
        #expect(Double(onBranch) >= 0.97 * Double(shown), "σ \(sigma) m: \(onBranch) of \(shown) shown on the branch")
    }
}
