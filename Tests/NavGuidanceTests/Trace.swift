import NavCore
import Foundation
import NavGuidance

/// A simulated drive: true positions at 1 Hz along local polylines, and noisy fixes of them.
struct Trace {
    struct Sample {
        var truth: Coordinate
        var fix: Fix
    }

    var samples: [Sample] = []
    private var random: SeededGenerator
    private let sigma: Double
    private let correlation: Double
    private var error = (east: 0.0, north: 0.0)
    private(set) var time: Double

    /// - Parameter correlation: Of the position error from one fix to the next (0: independent errors). A
    ///   receiver filters its fixes, so its error drifts; standing still, that keeps fixes off to one side for
    ///   seconds at a time.
    init(seed: UInt64, sigma: Double, correlation: Double = 0, startTime: Double = 1_710_936_000) {
        random = SeededGenerator(seed: seed)
        self.sigma = sigma
        self.correlation = correlation
        time = startTime
    }

    /// Drives along local points at `speed` m/s, one fix per second, starting one second after the
    /// last sample (or at the first point).
    mutating func drive(_ points: [(Double, Double)], speed: Double, skipFirst: Bool = false) {
        var travelled = skipFirst ? speed : 0
        var pieceStart = 0.0
        for i in 0..<(points.count - 1) {
            let (ax, ay) = points[i]
            let (bx, by) = points[i + 1]
            let length = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
            let course = (atan2(bx - ax, by - ay) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
            while travelled <= pieceStart + length {
                let f = (travelled - pieceStart) / length
                emit(ax + (bx - ax) * f, ay + (by - ay) * f, course: course, speed: speed)
                travelled += speed
            }
            pieceStart += length
        }
    }

    /// Stands still at a local point for `seconds` fixes.
    mutating func dwell(at point: (Double, Double), seconds: Int) {
        for _ in 0..<seconds {
            emit(point.0, point.1, course: nil, speed: 0)
        }
    }

    private mutating func emit(_ east: Double, _ north: Double, course: Double?, speed: Double) {
        let fresh = (1 - correlation * correlation).squareRoot() * sigma
        error.east = correlation * error.east + random.gaussian(sigma: fresh)
        error.north = correlation * error.north + random.gaussian(sigma: fresh)
        let noisyEast = east + error.east
        let noisyNorth = north + error.north
        let fix = Fix(
            latitude: Streets.point(noisyEast, noisyNorth).latitude,
            longitude: Streets.point(noisyEast, noisyNorth).longitude, altitude: 20,
            course: course.map { ($0 + random.gaussian(sigma: 5) + 360).truncatingRemainder(dividingBy: 360) },
            speed: max(0, speed + (speed > 0 ? random.gaussian(sigma: 0.3) : 0)),
            horizontalAccuracy: max(sigma, 3), time: time)
        samples.append(Sample(truth: Streets.point(east, north), fix: fix))
        time += 1
    }
}
