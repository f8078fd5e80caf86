/// A line of points with the cumulative distances and segment bearings that lookups along it need, so that
/// "where is the point 340 m along" is a short walk from a nearby segment instead of a walk over the line.
///
/// Shared by guidance (progress along a leg) and the simulator (driving along a leg).
public struct Polyline: Hashable, Sendable {
    public let points: [Coordinate]
    /// Distance from the first point to each point, metres; as many entries as points.
    public let cumulativeDistances: [Double]
    /// Direction of each segment in degrees; one fewer entry than points.
    public let segmentBearings: [Double]

    /// - Parameter points: at least one point; a single point is treated as a zero-length segment.
    public init(_ points: [Coordinate]) {
        var points = points
        if points.isEmpty { points = [Coordinate(latitude: 0, longitude: 0)] }
        if points.count == 1 { points.append(points[0]) }
        var distances = [0.0]
        var bearings: [Double] = []
        distances.reserveCapacity(points.count)
        bearings.reserveCapacity(points.count - 1)
        for i in 1..<points.count {
            distances.append(distances[i - 1] + points[i - 1].distance(to: points[i]))
            bearings.append(points[i - 1].bearing(to: points[i]))
        }
        self.points = points
        cumulativeDistances = distances
        segmentBearings = bearings
    }

    /// The points without consecutive repeats closer than `tolerance` metres, which carry no direction.
    /// The result keeps at least the first point.
    public static func withoutRepeats(_ points: [Coordinate], tolerance: Double = 0.01) -> [Int] {
        guard let first = points.first else { return [] }
        var kept = [0]
        var last = first
        for index in points.indices.dropFirst() where last.distance(to: points[index]) > tolerance {
            kept.append(index)
            last = points[index]
        }
        return kept
    }

    public var segmentCount: Int { cumulativeDistances.count - 1 }
    public var length: Double { cumulativeDistances[cumulativeDistances.count - 1] }
    public var start: Coordinate { points[0] }
    public var end: Coordinate { points[points.count - 1] }

    /// Length of segment `s`.
    public func segmentLength(_ s: Int) -> Double { cumulativeDistances[s + 1] - cumulativeDistances[s] }

    /// The segment containing `distance`, found by walking from a nearby segment; clamped to the line.
    public func segmentIndex(at distance: Double, near hint: Int = 0) -> Int {
        var s = min(max(hint, 0), segmentCount - 1)
        while s > 0 && cumulativeDistances[s] > distance { s -= 1 }
        while s < segmentCount - 1 && cumulativeDistances[s + 1] <= distance { s += 1 }
        return s
    }

    /// Fraction of segment `s` covered at `distance`, in 0...1.
    public func fraction(at distance: Double, segment s: Int) -> Double {
        let length = segmentLength(s)
        guard length > 0 else { return 0 }
        return min(max((distance - cumulativeDistances[s]) / length, 0), 1)
    }

    /// The point `distance` metres along the line, on segment `s`.
    public func coordinate(at distance: Double, segment s: Int) -> Coordinate {
        points[s].interpolated(to: points[s + 1], fraction: fraction(at: distance, segment: s))
    }

    /// The point `distance` metres along the line.
    public func coordinate(at distance: Double) -> Coordinate {
        coordinate(at: distance, segment: segmentIndex(at: distance))
    }
}
