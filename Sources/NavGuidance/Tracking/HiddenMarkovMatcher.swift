import NavCore

import Foundation

/// Follows the vehicle on the road network one fix at a time, as a hidden Markov model over directed road
/// positions (Newson & Krumm 2009; Valhalla's Meili works the same way).
///
/// Every fix brings candidates — the directed roads within a few sigmas — each scored by how far the fix
/// lies from it (a Gaussian, σ from the fix's accuracy clamped to ``minimumSigma``...``maximumSigma``) and
/// how well its direction agrees with the fix's course while moving. A candidate's score adds the best
/// of the previous candidates' scores plus the transition between them: an exponential in the difference
/// between the driving distance along the network and the distance the vehicle should have covered
/// (its Doppler speed times the elapsed time, which is far less noisy than the distance between two noisy
/// fixes; the straight-line distance when a fix has no speed). So a vehicle is kept on the road it is on
/// even when a fix lands nearer a parallel road, and moves to a side road only when the fixes follow it.
/// This is the online (filtering) form: the answer for a fix uses that fix and the ones before it, never
/// later ones.
///
/// Small backward steps on the same road (jitter while stopped) cost their length instead of a drive
/// round the block; a gap longer than ``maximumGap`` starts afresh.
struct HiddenMarkovMatcher: Hashable, Codable, Sendable {
    struct Hypothesis: Hashable, Codable, Sendable {
        var candidate: RoadCandidate
        /// Log-score with the prior, relative to the best.
        var score: Double
        /// Log-score from the fixes alone, relative to the best.
        var evidence: Double
        /// The road positions of the last few fixes on the path that leads here best by the fixes alone,
        /// oldest first and ending with this candidate's.
        var trail: [TrailPoint]

        init(candidate: RoadCandidate, score: Double, evidence: Double, trail: [TrailPoint]) {
            self.candidate = candidate
            self.score = score
            self.evidence = evidence
            self.trail = trail
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            candidate = try container.decode(RoadCandidate.self, forKey: .candidate)
            score = try container.decode(Double.self, forKey: .score)
            evidence = try container.decodeIfPresent(Double.self, forKey: .evidence) ?? score
            trail = try container.decodeIfPresent([TrailPoint].self, forKey: .trail) ?? []
        }
    }

    /// A road position at a fix's time.
    struct TrailPoint: Hashable, Codable, Sendable {
        var position: Coordinate
        var time: Double
        /// The directed road position, for network distances from and to it (`nil` in sessions saved before
        /// trails kept it).
        var candidate: RoadCandidate?
        /// Metres by the road network from the trail's previous position, as the transition measured them;
        /// `nil` for a trail's first position.
        var travelled: Double?
    }

    private(set) var hypotheses: [Hypothesis] = []
    private var lastFix: Fix?
    private var placement: Placement?

    /// Bounds of the emission's standard deviation in metres.
    static let minimumSigma = 4.0
    static let maximumSigma = 15.0
    /// Most candidates per fix: the nearest road positions, and besides them the nearest position of up to
    /// ``otherRoadCandidates`` roads those leave out (see ``RoadNetworkMatcher/candidates(near:within:limit:otherRoads:)``).
    static let candidateLimit = 16
    static let otherRoadCandidates = 8
    /// Scale of the transition's exponential in metres for one second at walking pace; it grows with the
    /// distance expected, since a longer gap leaves more doubt about how far the vehicle went.
    static let baseBeta = 5.0
    static let betaPerMetre = 0.2
    /// Score of a transition the network cannot explain (no path short enough), so that a gap in the map
    /// costs a lot but does not lose the vehicle.
    static let unexplainedTransition = -20.0
    /// Standard deviation of the course against the road's direction, and the largest penalty for it.
    static let headingSigma = 30.0
    static let maximumHeadingPenalty = 6.0
    /// Speed in m/s above which the course is trusted.
    static let headingSpeed = 3.0
    /// Log-score below the best under which a hypothesis is dropped, and the most hypotheses kept.
    static let keptScore = -12.0
    static let keptHypotheses = 8
    /// Seconds without fixes after which history says nothing.
    static let maximumGap = 60.0
    /// Road positions kept in a hypothesis's trail.
    static let trailLength = 4
    /// Seconds between two trail positions beyond which the straight piece between them says nothing
    /// about the road driven (a GPS outage).
    static let trailGap = 3.0

    /// Forgets the history, as after a jump.
    mutating func reset() {
        self = HiddenMarkovMatcher()
    }

    /// The road position the fixes alone make most likely, without the prior of ``update(_:matcher:prior:)``:
    /// what to judge by when the question is whether the vehicle really is on the route (as when it passes
    /// the destination at speed), where a prior favouring the route would answer for it.
    var evidenceRoad: RoadMatch? {
        evidenceBest?.candidate.road
    }

    /// The directed road position behind ``evidenceRoad``, for network distances from or to it.
    var evidenceCandidate: RoadCandidate? {
        evidenceBest?.candidate
    }

    private var evidenceBest: Hypothesis? {
        hypotheses.max { $0.evidence < $1.evidence }
    }

    /// Where the road driven over the last few fixes, judged from the fixes alone, passed within `tolerance` metres
    /// of `target`: a trail position, or the road between two close in time (see
    /// ``passage(through:within:from:to:matcher:)``), that a later fix has confirmed, with the trail's position
    /// before it; `nil` when it did not pass there, or when the trail holds no position before the place.
    ///
    /// The trail is the best path's, not the best position of each fix as it came, and its newest position
    /// does not count: a road position is the fix projected onto the road, so a fix thrown forward along
    /// the road, or onto a side road, can put it at the target while the vehicle is 15 m short of it. The
    /// path that also explains the next fix does not go there when the vehicle turned off before the
    /// target (this is fixed-lag smoothing: the online answer revised by one more fix).
    func trailPassage(
        through target: Coordinate, within tolerance: Double, matcher: (any RoadNetworkMatcher)? = nil
    ) -> TrailPassage? {
        guard let trail = evidenceBest?.trail.dropLast() else { return nil }
        let points = Array(trail)
        for index in points.indices {
            let point = points[index]
            var time: Double?
            if index > 0, point.time - points[index - 1].time <= Self.trailGap {
                time = Self.passage(
                    through: target, within: tolerance, from: points[index - 1], to: point, matcher: matcher)
            }
            if time == nil, point.position.distance(to: target) <= tolerance { time = point.time }
            // The approach is the last position before it that was not yet at the place. A trail that starts at
            // the place says nothing of how it got there: as the trail slides on, its first position can be the
            // place itself, which once let a trail that a noisy fix had put on a street beside the one driven
            // arrive there.
            if let time {
                guard let approach = points[..<index].last(where: { $0.position.distance(to: target) > tolerance })
                else { return nil }
                return TrailPassage(time: time, approach: approach)
            }
        }
        return nil
    }

    /// When the road driven between two trail positions a second or two apart passed within `tolerance` metres
    /// of `target`, in proportion to the road driven between them; `nil` when it did not pass there.
    ///
    /// The straight piece between the positions is the road where it passes the target. Where it does not, the
    /// road may still have: at 15 m/s the positions before and after a right-angle turn lie up to 15 m from the
    /// corner and the straight piece misses it by up to 10 m, and round a roundabout by more. Then the road
    /// network answers: the road driven passed the target when driving from the first position to a road
    /// position at the target and on to the second is no longer than the drive between them the matcher
    /// measured (``TrailPoint/travelled``), within ``passageSlack``. A position within `tolerance` that is not
    /// on the way (a street beside the one driven) costs a detour of at least twice its distance from it.
    static func passage(
        through target: Coordinate, within tolerance: Double, from: TrailPoint, to: TrailPoint,
        matcher: (any RoadNetworkMatcher)?
    ) -> Double? {
        let projection = target.projection(ontoSegmentFrom: from.position, to: to.position)
        if projection.distance <= tolerance {
            return from.time + (to.time - from.time) * min(max(projection.fraction, 0), 1)
        }
        // Any road from one position to the other that passes within `tolerance` of the target is at least this
        // long; the drive measured is the shortest such road.
        guard let matcher, let origin = from.candidate, let destination = to.candidate, let travelled = to.travelled,
            from.position.distance(to: target) + target.distance(to: to.position) <= travelled + 2 * tolerance
        else { return nil }
        let limit = travelled + passageSlack
        let ends = matcher.candidates(near: target, within: tolerance, limit: passageCandidates)
        for (end, reached) in zip(ends, matcher.networkDistances(from: origin, to: ends, maximum: limit)) {
            guard let reached,
                let onward = matcher.networkDistances(from: end, to: [destination], maximum: limit - reached).first
                    ?? nil
            else { continue }
            let length = reached + onward
            return from.time + (to.time - from.time) * (length > 0 ? reached / length : 1)
        }
        return nil
    }

    /// Metres by which the drive through the target may exceed the drive the matcher measured.
    static let passageSlack = 2.0
    /// Road positions near the target tried as the place the road driven passed.
    static let passageCandidates = 8

    /// A passage of the trail by a place (see ``trailPassage(through:within:matcher:)``).
    struct TrailPassage: Sendable {
        /// When the trail passed the place: a trail position's time, or between two in proportion to the road
        /// driven between them.
        var time: Double
        /// The trail's last position before it reached the place.
        var approach: TrailPoint

        /// How far the vehicle has driven on since the passage, at the fix's speed.
        func drivenOn(by fix: Fix) -> Double {
            max(fix.speed ?? 0, 0) * max(0, fix.time - time)
        }
    }

    /// Takes one fix and returns the road position now most likely, or `nil` when no road is near.
    /// - Parameter prior: A log-prior per candidate, such as a bonus for positions on the route being
    ///   followed (a guided driver is far more likely on the route than beside it). The matcher keeps two
    ///   scores per position: the best path's from the fixes alone (see ``evidenceRoad``), and that plus the
    ///   prior of the position now, which picks the road returned.
    mutating func update(
        _ fix: Fix, matcher: any RoadNetworkMatcher, prior: (RoadCandidate) -> Double = { _ in 0 }
    ) -> RoadMatch? {
        let sigma = min(max(fix.horizontalAccuracy ?? RouteTracker.defaultAccuracy, Self.minimumSigma), Self.maximumSigma)
        let radius = 3 * sigma + 10
        settlePlacement(matcher: matcher)
        let candidates = matcher.candidates(
            near: fix.coordinate, within: radius, limit: Self.candidateLimit, otherRoads: Self.otherRoadCandidates)
        let previous = lastFix
        lastFix = fix
        guard !candidates.isEmpty else {
            hypotheses = []
            return nil
        }
        var evidence = candidates.map { Self.emission($0, fix: fix, sigma: sigma) }
        var trails = candidates.map { [TrailPoint($0, time: fix.time)] }
        if let previous, !hypotheses.isEmpty, fix.time - previous.time <= Self.maximumGap {
            let elapsed = max(0, fix.time - previous.time)
            let expected = Self.expectedTravel(from: previous, to: fix, elapsed: elapsed)
            let beta = max(Self.baseBeta, fix.speed == nil ? sigma : 0) + Self.betaPerMetre * expected
            let maximum = min(3_000, 2 * expected + 3 * sigma + 50)
            var bestEvidence = [Double](repeating: -.infinity, count: candidates.count)
            var predecessor = [Int](repeating: 0, count: candidates.count)
            var travelled = [Double?](repeating: nil, count: candidates.count)
            for (origin, hypothesis) in hypotheses.enumerated() {
                let distances = networkDistances(
                    from: hypothesis.candidate, to: candidates, maximum: maximum, sigma: sigma, matcher: matcher)
                for (index, distance) in distances.enumerated() {
                    let transition =
                        distance.map { -abs($0 - expected) / beta } ?? Self.unexplainedTransition
                    if hypothesis.evidence + transition > bestEvidence[index] {
                        bestEvidence[index] = hypothesis.evidence + transition
                        predecessor[index] = origin
                        travelled[index] = distance
                    }
                }
            }
            for index in evidence.indices {
                evidence[index] += bestEvidence[index]
                trails[index][0].travelled = travelled[index]
                trails[index] = (hypotheses[predecessor[index]].trail + trails[index]).suffix(Self.trailLength)
            }
        }
        // The prior counts for the position now, not once for every fix of the path: added fix after fix, it held
        // the matcher on the route while the fixes followed a street 7–15 m beside it, since they favour one of two
        // such streets by far less than the prior a fix.
        let scores = zip(candidates, evidence).map { $1 + prior($0) }
        let top = scores.max() ?? 0
        let topEvidence = evidence.max() ?? 0
        // Hypotheses far below the best by both scores are dropped: they would never lead, and each one
        // kept costs a network search on the next fix.
        let kept = candidates.indices
            .map { ($0, max(scores[$0] - top, evidence[$0] - topEvidence)) }
            .filter { $0.1 >= Self.keptScore }
            .sorted { $0.1 > $1.1 }
            .prefix(Self.keptHypotheses)
        hypotheses = kept.map { index, _ in
            Hypothesis(
                candidate: candidates[index], score: scores[index] - top, evidence: evidence[index] - topEvidence,
                trail: trails[index])
        }
        return hypotheses.max { $0.score < $1.score }?.candidate.road
    }

    /// Takes a fix whose road the caller knows, without a search: a guided vehicle so plainly on its route
    /// that the route stands for the road (see `GuidanceEngine.isPlainlyOnRoute`). The next search then starts
    /// from that one road position at `position`, running `course`, one fix back, instead of spanning every
    /// skipped fix from every old hypothesis: with a gap of ten seconds the bounded searches reach hundreds of
    /// metres from up to ``keptHypotheses`` places, which was most of a guided fix's cost. The map is asked
    /// where the position lies only when that search comes, so a skipped fix costs nothing here; if no road
    /// running that way lies there, the search spans the gap from the old hypotheses as before.
    mutating func place(_ fix: Fix, at position: Coordinate, course: Double) {
        placement = Placement(fix: fix, position: position, course: course)
    }

    /// The road position of the last fix ``place(_:at:course:)`` took, still to be looked up on the map.
    struct Placement: Hashable, Codable, Sendable {
        var fix: Fix
        var position: Coordinate
        var course: Double
    }

    /// Metres from a placed position within which the map's road is looked for, and the largest angle between
    /// that road and the course given.
    static let placementRadius = 3.0
    static let placementHeading = 30.0

    /// Makes the pending placement the whole history, when the map has a road running its way there.
    private mutating func settlePlacement(matcher: any RoadNetworkMatcher) {
        guard let placement else { return }
        self.placement = nil
        let found = matcher.candidates(near: placement.position, within: Self.placementRadius, limit: 4).first {
            $0.road.course.map { Geodesy.angleBetween($0, placement.course) <= Self.placementHeading } ?? false
        }
        guard let found else { return }
        let point = TrailPoint(found, time: placement.fix.time)
        let trail = ((evidenceBest?.trail ?? []) + [point]).suffix(Self.trailLength)
        hypotheses = [Hypothesis(candidate: found, score: 0, evidence: 0, trail: Array(trail))]
        lastFix = placement.fix
    }

    /// Log-likelihood of a fix given a candidate: distance and, while moving, direction.
    private static func emission(_ candidate: RoadCandidate, fix: Fix, sigma: Double) -> Double {
        let z = candidate.road.distance / sigma
        var score = -0.5 * z * z
        if let course = fix.course, let speed = fix.speed, speed >= headingSpeed, let road = candidate.road.course {
            let angle = Geodesy.angleBetween(course, road) / headingSigma
            score -= min(maximumHeadingPenalty, 0.5 * angle * angle)
        }
        return score
    }

    /// How far the vehicle should have gone between two fixes.
    private static func expectedTravel(from previous: Fix, to fix: Fix, elapsed: Double) -> Double {
        if let speed = fix.speed, speed >= 0 {
            return (speed + max(0, previous.speed ?? speed)) / 2 * elapsed
        }
        return previous.coordinate.distance(to: fix.coordinate)
    }

    /// Network distances, with movement along the same directed road worked out here: forward is its
    /// length, and a backward step within two sigmas is GPS jitter rather than a lap of the block. So is one
    /// across the node the road piece starts from, onto another road leaving it (a fix thrown a few metres past a
    /// fork: Monaco's Rue de la Colle, one-way, and its link to Boulevard Charles III).
    private func networkDistances(
        from origin: RoadCandidate, to targets: [RoadCandidate], maximum: Double, sigma: Double,
        matcher: any RoadNetworkMatcher
    ) -> [Double?] {
        var result = [Double?](repeating: nil, count: targets.count)
        var others: [Int] = []
        for (index, target) in targets.enumerated() {
            if target.edge == origin.edge, target.offset >= origin.offset - 2 * sigma {
                result[index] = abs(target.offset - origin.offset)
            } else {
                others.append(index)
            }
        }
        guard !others.isEmpty else { return result }
        let measured = matcher.networkDistances(
            from: origin, to: others.map { targets[$0] }, maximum: maximum, backing: 2 * sigma)
        for (index, distance) in zip(others, measured) { result[index] = distance }
        return result
    }
}

extension HiddenMarkovMatcher.TrailPoint {
    /// The road position of a candidate at a fix's time, not yet joined to a trail.
    init(_ candidate: RoadCandidate, time: Double) {
        self.init(
            position: Coordinate(latitude: candidate.road.latitude, longitude: candidate.road.longitude), time: time,
            candidate: candidate, travelled: nil)
    }
}
