import NavCore

/// A leg with the cumulative distances and times guidance looks up on every fix, so that progress,
/// remaining time and delay are constant-time lookups instead of walks over the polyline.
///
/// Only the leg and its traffic factors are encoded; everything else is derived again on decoding.
struct PreparedLeg: Hashable, Sendable {
    let leg: GuidanceLeg
    /// The leg's line with cumulative distances and segment bearings.
    let line: Polyline
    /// Free-flow travel time from the start of the leg to each polyline point.
    let freeFlowTime: [Double]
    private(set) var trafficFactors: [Double?]
    /// Traffic-aware travel time from the start of the leg to each polyline point.
    private(set) var trafficTime: [Double]
    /// Index of the last segment with traffic information, -1 when none has any.
    private(set) var lastTrafficSegment: Int

    init(_ leg: GuidanceLeg, trafficFactors: [Double?] = []) {
        self.leg = leg
        let line = Polyline(leg.coordinates)
        var times = [0.0]
        times.reserveCapacity(line.points.count)
        for i in 0..<line.segmentCount {
            let speed = i < leg.freeFlowSpeeds.count ? leg.freeFlowSpeeds[i] : leg.freeFlowSpeeds.last ?? 1
            times.append(times[i] + line.segmentLength(i) / max(speed, 0.1))
        }
        self.line = line
        freeFlowTime = times
        self.trafficFactors = []
        trafficTime = times
        lastTrafficSegment = -1
        applyTraffic(trafficFactors)
    }

    /// Distance from the start of the leg to each polyline point.
    var cumulativeDistance: [Double] { line.cumulativeDistances }
    /// Direction of each segment in degrees.
    var segmentBearings: [Double] { line.segmentBearings }
    var segmentCount: Int { line.segmentCount }
    var length: Double { line.length }
    var totalTime: Double { trafficTime[trafficTime.count - 1] }
    var end: Coordinate { line.end }

    /// Replaces the traffic speed factors (see ``TrafficUpdate``) and the times derived from them.
    mutating func applyTraffic(_ factors: [Double?]) {
        let segments = segmentCount
        trafficFactors = Array(factors.prefix(segments))
        lastTrafficSegment = -1
        var times = [0.0]
        times.reserveCapacity(segments + 1)
        for i in 0..<segments {
            let freeFlow = freeFlowTime[i + 1] - freeFlowTime[i]
            var time = freeFlow
            if i < trafficFactors.count, let factor = trafficFactors[i], factor.isFinite {
                time = freeFlow / min(max(factor, 0.05), 2)
                lastTrafficSegment = i
            }
            times.append(times[i] + time)
        }
        trafficTime = times
    }

    /// The segment containing `distance`, found by walking from a nearby segment.
    func segmentIndex(at distance: Double, near hint: Int) -> Int { line.segmentIndex(at: distance, near: hint) }

    /// Fraction of segment `s` covered at `distance`, in 0...1.
    func fraction(at distance: Double, segment s: Int) -> Double { line.fraction(at: distance, segment: s) }

    /// The point `distance` metres along the leg, on segment `s`.
    func coordinate(at distance: Double, segment s: Int) -> Coordinate { line.coordinate(at: distance, segment: s) }

    /// Traffic-aware time from the start of the leg to `distance`.
    func trafficTime(at distance: Double, segment s: Int) -> Double {
        trafficTime[s] + (trafficTime[s + 1] - trafficTime[s]) * fraction(at: distance, segment: s)
    }

    /// Free-flow time from the start of the leg to `distance`.
    func freeFlowTime(at distance: Double, segment s: Int) -> Double {
        freeFlowTime[s] + (freeFlowTime[s + 1] - freeFlowTime[s]) * fraction(at: distance, segment: s)
    }

    /// Traffic-aware over free-flow time for the rest of the leg from `distance`, or `nil` when no
    /// traffic information covers it.
    func delayRatio(from distance: Double, segment s: Int) -> Double? {
        guard lastTrafficSegment >= s else { return nil }
        let freeFlow = freeFlowTime[segmentCount] - freeFlowTime(at: distance, segment: s)
        let traffic = totalTime - trafficTime(at: distance, segment: s)
        guard freeFlow > 0 else { return 1 }
        return traffic / freeFlow
    }
}

extension PreparedLeg: Codable {
    private enum CodingKeys: String, CodingKey {
        case leg, trafficFactors
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(GuidanceLeg.self, forKey: .leg),
            trafficFactors: try container.decode([Double?].self, forKey: .trafficFactors))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(leg, forKey: .leg)
        try container.encode(trafficFactors, forKey: .trafficFactors)
    }
}
