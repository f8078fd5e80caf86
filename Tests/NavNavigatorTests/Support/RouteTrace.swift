import NavCore
import Foundation
import NavMap
import NavProtocol
import NavRouting

/// A drive along a polyline at 1 Hz: the true position of every second and a noisy `gps.fix.v1` of it.
struct RouteTrace {
    struct Sample {
        /// Where the vehicle really is.
        var truth: Coordinate
        /// Index of the polyline segment it is on.
        var segment: Int
        /// Metres driven along the polyline.
        var along: Double
        var fix: GPSFix
    }

    private(set) var samples: [Sample] = []
    private var random: SeededGenerator
    let sigma: Double
    private(set) var time: Double

    init(seed: UInt64, sigma: Double, startTime: Double = 1_795_950_000) {
        random = SeededGenerator(seed: seed)
        self.sigma = sigma
        time = startTime
    }

    /// Drives along `points` at each segment's speed (capped to a city pace), one fix per second; the
    /// first fix is exact, as a vehicle starting from a known place.
    mutating func drive(_ points: [Coordinate], speeds: [Double]? = nil, exactStart: Bool = true) {
        var cumulative: [Double] = [0]
        for i in 1..<points.count { cumulative.append(cumulative[i - 1] + points[i - 1].distance(to: points[i])) }
        let total = cumulative[cumulative.count - 1]
        var along = 0.0
        var segment = 0
        var first = exactStart
        while along <= total {
            while segment < points.count - 2 && cumulative[segment + 1] < along { segment += 1 }
            let length = cumulative[segment + 1] - cumulative[segment]
            let f = length > 0 ? (along - cumulative[segment]) / length : 0
            let truth = points[segment].interpolated(to: points[segment + 1], fraction: min(1, max(0, f)))
            let speed = min(13, max(6, speeds?[min(segment, (speeds?.count ?? 1) - 1)] ?? 10))
            emit(
                truth, segment: segment, along: along, course: Self.course(points, from: segment),
                speed: speed, exact: first)
            first = false
            along += speed
        }
        emit(
            points[points.count - 1], segment: points.count - 2, along: total,
            course: Self.course(points, from: points.count - 2), speed: 3, exact: false)
    }

    /// The direction of travel on segment `index`, looking past zero-length segments (a route starting
    /// exactly at a node repeats it).
    static func course(_ points: [Coordinate], from index: Int) -> Double {
        for j in (index + 1)..<points.count where points[index].distance(to: points[j]) > 0.5 {
            return points[index].bearing(to: points[j])
        }
        for j in stride(from: index - 1, through: 0, by: -1) where points[j].distance(to: points[index + 1]) > 0.5 {
            return points[j].bearing(to: points[index + 1])
        }
        return 0
    }

    /// Stands still at the last true position for `seconds` fixes.
    mutating func dwell(seconds: Int) {
        guard let last = samples.last else { return }
        for _ in 0..<seconds {
            emit(last.truth, segment: last.segment, along: last.along, course: nil, speed: 0, exact: false)
        }
    }

    private mutating func emit(
        _ truth: Coordinate, segment: Int, along: Double, course: Double?, speed: Double, exact: Bool
    ) {
        let east = exact ? 0 : random.gaussian(sigma: sigma)
        let north = exact ? 0 : random.gaussian(sigma: sigma)
        let latitude = truth.latitude + north / 111_195
        let longitude = truth.longitude + east / (111_195 * cos(truth.latitude * .pi / 180))
        let noisyCourse = course.map {
            ($0 + (exact ? 0 : random.gaussian(sigma: 5)) + 360).truncatingRemainder(dividingBy: 360)
        }
        let fix = GPSFix(
            latitude: latitude, longitude: longitude, altitude: 12, course: noisyCourse,
            speed: max(0, speed + (speed > 0 && !exact ? random.gaussian(sigma: 0.3) : 0)),
            horizontalAccuracy: max(sigma, 3), timestamp: Timestamp(secondsSince1970: time), source: "test")
        samples.append(Sample(truth: truth, segment: segment, along: along, fix: fix))
        time += 1
    }
}
