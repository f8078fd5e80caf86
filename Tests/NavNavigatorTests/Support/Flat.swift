import NavCore
import Foundation
import NavMap

/// Distances in a local flat projection, exact enough within a few hundred metres.
enum Flat {
    /// Metres from `point` to the segment `a`–`b`.
    static func distance(_ point: Coordinate, toSegment a: Coordinate, _ b: Coordinate) -> Double {
        let scale = cos(point.latitude * .pi / 180) * 111_195
        let (px, py) = (point.longitude * scale, point.latitude * 111_195)
        let (ax, ay) = (a.longitude * scale, a.latitude * 111_195)
        let (bx, by) = (b.longitude * scale, b.latitude * 111_195)
        let (dx, dy) = (bx - ax, by - ay)
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, ((px - ax) * dx + (py - ay) * dy) / lengthSquared)) : 0
        let (ex, ey) = (ax + t * dx - px, ay + t * dy - py)
        return (ex * ex + ey * ey).squareRoot()
    }
}
