import NavCore
import Foundation

/// Follows the vehicle along the current leg: matches fixes to the polyline and keeps a filtered,
/// monotone distance along it.
///
/// Matching searches only a window around the last matched position (a little behind, and ahead as far
/// as the vehicle could have driven since), so parallel roads, roads the route uses twice and long
/// routes cost neither accuracy nor time. The candidates are the places where the route comes closest
/// to the fix (one per pass of the route near it), ranked by distance, agreement with the fix's course
/// and how far they lie along the route from where the speed predicts the vehicle to be: beyond what the
/// fix's error and the filter's doubt allow (``travelSlack(for:elapsed:)``), every metre of travel the
/// vehicle cannot have made counts as a metre off the route. So where the route folds back beside itself
/// (a hairpin, a loop round a block) a fix thrown towards the far side stays on the near one: the two are
/// metres apart on the ground but far apart along the route. The distance along the leg is smoothed with
/// a one-dimensional Kalman filter driven by the fix speed and never moves backwards (a real reversal is
/// the deviation detector's business); while the vehicle is stopped the filter only averages, so jitter
/// barely moves it, and it never jumps ahead (a standing vehicle has not moved on, whatever its fixes say).
struct RouteTracker: Hashable, Codable, Sendable {
    /// Distance along the leg in metres as shown to listeners: the filter's estimate, never decreasing.
    private(set) var distanceAlong = 0.0
    /// Segment containing ``distanceAlong``.
    private(set) var segment = 0
    /// Step containing ``distanceAlong``.
    private(set) var step = 0
    /// Time of the last fix accepted as on the route.
    private(set) var lastMatchTime: Double?
    /// Distance along the leg of the first accepted fix.
    private(set) var startDistance: Double?
    /// The filter's own estimate, which may fall back a little where ``distanceAlong`` may not; keeping
    /// them apart stops the monotone clamp from biasing the filter forwards.
    private var filtered = 0.0
    private var variance = 0.0
    /// Cumulative sums (CUSUM) of how far fixes fall ahead of and behind the filter, in sigmas, to
    /// notice a prediction that is persistently wrong rather than one noisy fix.
    private var driftAhead = 0.0
    private var driftBehind = 0.0

    /// Metres behind the matched position still searched, enough to see jitter and reversals.
    static let searchBehind = 80.0
    /// Below this speed (m/s) a vehicle counts as stopped and its predicted position stands still.
    static let stoppedSpeed = 0.5
    /// Uncertainty of the fix speed as a predictor of progress, in m/s.
    static let speedUncertainty = 1.5
    /// CUSUM slack and decision limit in sigmas: noise alone takes thousands of fixes to reach the
    /// limit, a prediction two sigmas off about five.
    static let driftAllowance = 0.5
    static let driftLimit = 8.0
    /// Accuracy assumed for fixes that do not report one, in metres.
    static let defaultAccuracy = 10.0
    /// Speed in m/s a fix without one may have been driven at, for how far along the route it may lie.
    static let assumedTopSpeed = 30.0
    /// Seconds between fixes beyond which a vehicle standing at both may have driven in between (a GPS
    /// outage), so that its position may jump ahead again.
    static let standingGap = 3.0
    /// Seconds a vehicle may have driven on between asking for a route and its first fix on it.
    static let routeLatency = 5.0

    /// Whether a fix was accepted on this leg yet.
    var hasMatched: Bool { startDistance != nil }

    /// Metres travelled along the leg since the first accepted fix.
    var progressOnLeg: Double { startDistance.map { distanceAlong - $0 } ?? 0 }

    /// Finds the best candidate position for a fix, or `nil` when the window holds no segment.
    func observe(_ fix: Fix, on leg: PreparedLeg) -> RouteObservation? {
        let elapsed = lastMatchTime.map { max(0, fix.time - $0) }
        // Ahead, as far as the vehicle could have got since its last match (a kilometre at the start).
        let reach = elapsed.map { 60 + max(fix.speed ?? 30, 10) * $0 * 1.5 } ?? 1_000
        let low = distanceAlong - Self.searchBehind
        let high = distanceAlong + min(reach, 3_000)
        let expected = distanceAlong + (fix.speed ?? 0) * (elapsed ?? 0)
        let slack = travelSlack(for: fix, elapsed: elapsed)
        let course: Double? = (fix.speed ?? 5) >= 2 ? fix.course : nil

        let kx = cos(fix.latitude * .pi / 180) * Geodesy.metresPerDegree
        let ky = Geodesy.metresPerDegree
        let points = leg.leg.coordinates
        let last = leg.segmentCount - 1
        var best: RouteObservation?
        var bestCost = Double.infinity
        let first = leg.segmentIndex(at: max(low, 0), near: segment)
        var s = first
        while s <= last && leg.cumulativeDistance[s] <= high {
            let projection = LegSegmentProjection(of: fix, onSegment: s, points: points, kx: kx, ky: ky)
            let (ax, ay, vx, vy, squared, t) = (
                projection.ax, projection.ay, projection.vx, projection.vy, projection.squared, projection.t
            )
            // Where the road only bends, a segment's end is no place of its own when the neighbouring segment
            // comes closer to the fix: that segment's point stands for this pass of the route, so the travel
            // term below weighs passes against each other and never drags a fix back along one. At a turn
            // both stay: short of the corner and round it are different readings of the fix.
            if t >= 1, s < last, leg.cumulativeDistance[s + 1] <= high, Self.bendsOnly(leg, at: s + 1),
                LegSegmentProjection(of: fix, onSegment: s + 1, points: points, kx: kx, ky: ky).t > 0
            {
                s += 1
                continue
            }
            if t <= 0, s > first, Self.bendsOnly(leg, at: s),
                LegSegmentProjection(of: fix, onSegment: s - 1, points: points, kx: kx, ky: ky).t < 1
            {
                s += 1
                continue
            }
            let crossTrack = projection.distance
            let along = projection.distanceAlong(leg, segment: s)
            let offset = course.map { Geodesy.angleBetween($0, leg.segmentBearings[s]) }
            var cost = crossTrack
            if let offset {
                cost += offset > 90 ? 40 : offset / 90 * 15
            }
            cost += max(0, abs(along - expected) - slack)
            if cost < bestCost {
                bestCost = cost
                var overshoot = 0.0
                var offsetBeyondEnd = 0.0
                if s == last && t > 1 && squared > 0 {
                    let length = squared.squareRoot()
                    overshoot = (t - 1) * length
                    offsetBeyondEnd = abs(ax * vy - ay * vx) / length
                }
                var onward = offset
                if t > 1 && s < last, let course {
                    onward = Geodesy.angleBetween(course, leg.segmentBearings[s + 1])
                }
                best = RouteObservation(
                    segment: s, distanceAlong: along, crossTrack: crossTrack, headingOffset: offset,
                    onwardHeadingOffset: onward, overshoot: overshoot, offsetBeyondEnd: offsetBeyondEnd)
            }
            s += 1
        }
        return best
    }

    /// How far along the route from where its speed puts the vehicle a fix's projection may lie before the
    /// difference counts against it: twice the spread of the filter's prediction and the fix's error together
    /// (about three sigmas of the fix's own error), and for a fix without a speed as far as the vehicle could
    /// have driven at ``assumedTopSpeed``. The first fix on a leg (`elapsed` nil) is expected near its start,
    /// which is where the vehicle was when the route was asked for: the vehicle may have driven on for
    /// ``routeLatency`` since.
    private func travelSlack(for fix: Fix, elapsed: Double?) -> Double {
        let accuracy = max(fix.horizontalAccuracy ?? Self.defaultAccuracy, 3)
        guard let elapsed else { return 2 * accuracy + (fix.speed ?? Self.assumedTopSpeed) * Self.routeLatency }
        let spread = Self.speedUncertainty * elapsed
        let slack = 2 * (variance + spread * spread + accuracy * accuracy).squareRoot()
        return fix.speed == nil ? slack + Self.assumedTopSpeed * elapsed : slack
    }

    /// Largest change of direction at a polyline point for it to count as a bend of one road rather than a turn.
    static let bendAngle = 45.0

    /// Whether the route only bends at point `p` (the end of segment `p - 1`, the start of segment `p`).
    private static func bendsOnly(_ leg: PreparedLeg, at p: Int) -> Bool {
        Geodesy.angleBetween(leg.segmentBearings[p - 1], leg.segmentBearings[p]) < bendAngle
    }

    /// Where a road position lies on a later pass of the leg, running its way: the route's closest point to it
    /// between `minimumAhead` metres and `reach` metres beyond the tracked position, within `crossTrack` metres
    /// and `heading` degrees; `nil` when the leg passes nowhere there like that. Not ranked by travel as
    /// ``observe(_:on:)`` is: this is the question whether a vehicle off its route has joined the route
    /// further on (a loop or a block round it cut short), which travel along the route cannot answer.
    func laterPass(
        of probe: Fix, on leg: PreparedLeg, minimumAhead: Double, reach: Double, crossTrack limit: Double,
        heading: Double
    ) -> RouteObservation? {
        guard let course = probe.course else { return nil }
        let kx = cos(probe.latitude * .pi / 180) * Geodesy.metresPerDegree
        let ky = Geodesy.metresPerDegree
        let points = leg.leg.coordinates
        let low = distanceAlong + minimumAhead
        let high = distanceAlong + reach
        var best: RouteObservation?
        var s = leg.segmentIndex(at: min(low, leg.length), near: segment)
        while s < leg.segmentCount && leg.cumulativeDistance[s] <= high {
            defer { s += 1 }
            let projection = LegSegmentProjection(of: probe, onSegment: s, points: points, kx: kx, ky: ky)
            let distance = projection.distance
            let along = projection.distanceAlong(leg, segment: s)
            let offset = Geodesy.angleBetween(course, leg.segmentBearings[s])
            guard along >= low, distance <= limit, offset <= heading, distance < (best?.crossTrack ?? .infinity)
            else { continue }
            best = RouteObservation(
                segment: s, distanceAlong: along, crossTrack: distance, headingOffset: offset,
                onwardHeadingOffset: offset, overshoot: 0, offsetBeyondEnd: 0)
        }
        return best
    }

    /// Puts the tracked position on a later pass of the leg that the vehicle has joined (see
    /// ``laterPass(of:on:minimumAhead:reach:crossTrack:heading:)``), starting the filter over there.
    mutating func rejoin(at observation: RouteObservation, fix: Fix, on leg: PreparedLeg) {
        let accuracy = max(fix.horizontalAccuracy ?? Self.defaultAccuracy, 3)
        filtered = min(max(observation.distanceAlong, 0), leg.length)
        variance = accuracy * accuracy
        driftAhead = 0
        driftBehind = 0
        if startDistance == nil { startDistance = filtered }
        distanceAlong = max(distanceAlong, filtered)
        settle(at: fix, near: observation.segment, on: leg)
    }

    /// Moves the filtered position with a fix judged to be on the route.
    mutating func accept(_ observation: RouteObservation, fix: Fix, on leg: PreparedLeg) {
        let accuracy = max(fix.horizontalAccuracy ?? Self.defaultAccuracy, 3)
        let noise = accuracy * accuracy
        var estimate = observation.distanceAlong
        if let lastMatchTime, let speed = fix.speed {
            let elapsed = max(0, fix.time - lastMatchTime)
            // A stopped vehicle does not move: its prediction gains no uncertainty, so later fixes only
            // average the jitter away instead of pushing the position about.
            let stopped = speed < Self.stoppedSpeed
            let predicted = filtered + (stopped ? 0 : speed * elapsed)
            let spread = stopped ? 0 : Self.speedUncertainty * elapsed
            let predictedVariance = variance + spread * spread
            let innovation = observation.distanceAlong - predicted
            let sigma = (predictedVariance + noise).squareRoot()
            let z = innovation / sigma
            driftAhead = max(0, driftAhead + z - Self.driftAllowance)
            driftBehind = max(0, driftBehind - z - Self.driftAllowance)
            let offPrediction = abs(innovation) > 3 * sigma + 20 || max(driftAhead, driftBehind) > Self.driftLimit
            if offPrediction, stopped, innovation > 0, elapsed <= Self.standingGap {
                // A vehicle standing still has not moved on: fixes far ahead along the route are its receiver's
                // drift, or a part of the route that folds back beside it. Following them would take the
                // position past where the vehicle waits, and its next fixes would look like driving back.
                estimate = filtered
                driftAhead = 0
            } else if offPrediction {
                // The prediction is off (a gap, a wrong speed, a hard stop): trust the fix and start over.
                estimate = observation.distanceAlong
                variance = noise
                driftAhead = 0
                driftBehind = 0
            } else {
                let gain = predictedVariance / (predictedVariance + noise)
                estimate = predicted + gain * innovation
                variance = (1 - gain) * predictedVariance
            }
        } else {
            variance = noise
        }
        filtered = min(max(estimate, 0), leg.length)
        if startDistance == nil {
            startDistance = observation.distanceAlong
            distanceAlong = filtered
        } else {
            distanceAlong = max(distanceAlong, filtered)
        }
        settle(at: fix, near: observation.segment, on: leg)
    }

    /// Records the fix as the last match and moves the segment and step to the tracked position.
    private mutating func settle(at fix: Fix, near hint: Int, on leg: PreparedLeg) {
        lastMatchTime = fix.time
        segment = leg.segmentIndex(at: distanceAlong, near: hint)
        let steps = leg.leg.steps
        while step < steps.count - 1 && leg.cumulativeDistance[steps[step].endIndex] <= distanceAlong {
            step += 1
        }
    }
}

/// A fix projected onto one segment of a leg, in local metres around the fix (an equirectangular frame: the
/// segments are metres long, the error is negligible): the segment runs from `(ax, ay)` along `(vx, vy)`, and `t` is
/// where the perpendicular from the fix meets its line, 0 at the segment's start and 1 at its end.
struct LegSegmentProjection {
    let ax: Double, ay: Double, vx: Double, vy: Double
    /// The segment's squared length.
    let squared: Double
    let t: Double

    init(of fix: Fix, onSegment s: Int, points: [Coordinate], kx: Double, ky: Double) {
        ax = (points[s].longitude - fix.longitude) * kx
        ay = (points[s].latitude - fix.latitude) * ky
        vx = (points[s + 1].longitude - fix.longitude) * kx - ax
        vy = (points[s + 1].latitude - fix.latitude) * ky - ay
        squared = vx * vx + vy * vy
        t = squared > 0 ? -(ax * vx + ay * vy) / squared : 0
    }

    /// `t` held to the segment: its nearest point to the fix.
    var clamped: Double { min(max(t, 0), 1) }

    /// Metres from the fix to the segment's nearest point.
    var distance: Double {
        let px = ax + clamped * vx
        let py = ay + clamped * vy
        return (px * px + py * py).squareRoot()
    }

    /// Distance along the leg of the segment's nearest point, `s` being the segment projected onto.
    func distanceAlong(_ leg: PreparedLeg, segment s: Int) -> Double {
        leg.cumulativeDistance[s] + clamped * (leg.cumulativeDistance[s + 1] - leg.cumulativeDistance[s])
    }
}
