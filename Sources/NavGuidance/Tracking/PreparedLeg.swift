/// A leg with the cumulative distances and times guidance looks up on every fix, so that progress,
/// remaining time and delay are constant-time lookups instead of walks over the polyline.
///
/// Only the leg and its traffic factors are encoded; everything else is derived again on decoding.
struct PreparedLeg: Hashable, Sendable {
    let leg: GuidanceLeg
    /// Distance from the start of the leg to each polyline point.
    let cumulativeDistance: [Double]
    /// Direction of each segment in degrees.
    let segmentBearings: [Double]
    /// Free-flow travel time from the start of the leg to each polyline point.
    let freeFlowTime: [Double]
    private(set) var trafficFactors: [Double?]
    /// Traffic-aware travel time from the start of the leg to each polyline point.
    private(set) var trafficTime: [Double]
    /// Index of the last segment with traffic information, -1 when none has any.
    private(set) var lastTrafficSegment: Int

    init(_ leg: GuidanceLeg, trafficFactors: [Double?] = []) {
        self.leg = leg
        let points = leg.coordinates
        var distances = [0.0]
        var bearings: [Double] = []
        var times = [0.0]
        distances.reserveCapacity(points.count)
        bearings.reserveCapacity(points.count - 1)
        times.reserveCapacity(points.count)
        for i in 1..<points.count {
            let length = Geodesy.distance(points[i - 1], points[i])
            distances.append(distances[i - 1] + length)
            bearings.append(Geodesy.bearing(from: points[i - 1], to: points[i]))
            times.append(times[i - 1] + length / leg.freeFlowSpeeds[i - 1])
        }
        cumulativeDistance = distances
        segmentBearings = bearings
        freeFlowTime = times
        self.trafficFactors = []
        trafficTime = times
        lastTrafficSegment = -1
        applyTraffic(trafficFactors)
    }

    var segmentCount: Int { cumulativeDistance.count - 1 }
    var length: Double { cumulativeDistance[cumulativeDistance.count - 1] }
    var totalTime: Double { trafficTime[trafficTime.count - 1] }
    var end: Coordinate { leg.coordinates[leg.coordinates.count - 1] }

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
    func segmentIndex(at distance: Double, near hint: Int) -> Int {
        var s = min(max(hint, 0), segmentCount - 1)
        while s > 0 && cumulativeDistance[s] > distance { s -= 1 }
        while s < segmentCount - 1 && cumulativeDistance[s + 1] <= distance { s += 1 }
        return s
    }

    /// Fraction of segment `s` covered at `distance`, in 0...1.
    func fraction(at distance: Double, segment s: Int) -> Double {
        let length = cumulativeDistance[s + 1] - cumulativeDistance[s]
        guard length > 0 else { return 0 }
        return min(max((distance - cumulativeDistance[s]) / length, 0), 1)
    }

    /// The point `distance` metres along the leg, on segment `s`.
    func coordinate(at distance: Double, segment s: Int) -> Coordinate {
        let f = fraction(at: distance, segment: s)
        let a = leg.coordinates[s]
        let b = leg.coordinates[s + 1]
        return Coordinate(
            latitude: a.latitude + (b.latitude - a.latitude) * f,
            longitude: a.longitude + (b.longitude - a.longitude) * f)
    }

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
