import NavCore
import Foundation
import NavGuidance

/// Synthetic streets in a local east/north frame around central Helsinki.
enum Streets {
    static let origin = Coordinate(latitude: 60.17, longitude: 24.94)
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    /// The coordinate `east` and `north` metres from the origin.
    static func point(_ east: Double, _ north: Double) -> Coordinate {
        Coordinate(
            latitude: origin.latitude + north / metresPerDegree,
            longitude: origin.longitude + east / (metresPerDegree * cos(origin.latitude * .pi / 180)))
    }

    /// Flat-earth distance in metres, plenty for checks over a few kilometres.
    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let kx = metresPerDegree * cos(origin.latitude * .pi / 180)
        let dx = (a.longitude - b.longitude) * kx
        let dy = (a.latitude - b.latitude) * metresPerDegree
        return (dx * dx + dy * dy).squareRoot()
    }

    /// A leg through the given local points, one named street and one step per straight piece.
    static func leg(
        _ points: [(Double, Double)], speed: Double = 13.9, limit: Double? = 50 / 3.6, title: String = "Destination"
    ) -> GuidanceLeg {
        let coordinates = points.map { point($0.0, $0.1) }
        let segments = coordinates.count - 1
        var steps = (0..<segments).map { i in
            GuidanceStep(
                maneuver: i == 0 ? .depart : .turn, modifier: i == 0 ? nil : (i % 2 == 0 ? .left : .right),
                instruction: i == 0 ? "Head out on Street 0" : "Turn onto Street \(i)", roadName: "Street \(i)",
                startIndex: i, endIndex: i + 1)
        }
        steps.append(
            GuidanceStep(
                maneuver: .arrive, instruction: "Arrive at \(title)", roadName: "Street \(segments - 1)",
                startIndex: segments, endIndex: segments))
        let end = coordinates[segments]
        // The test streets are valid by construction.
        return try! GuidanceLeg(
            coordinates: coordinates, freeFlowSpeeds: Array(repeating: speed, count: segments),
            speedLimits: Array(repeating: limit, count: segments),
            roadNames: (0..<segments).map { "Street \($0)" }, steps: steps,
            destination: GuidanceWaypoint(title: title, latitude: end.latitude, longitude: end.longitude))
    }

    /// 500 m east, then 500 m north.
    static let lShape: [(Double, Double)] = [(0, 0), (500, 0), (500, 500)]

    /// Eight 141 m pieces alternating north-east and south-east, turning 90° at every corner.
    static let zigZag: [(Double, Double)] = (0...8).map { (Double($0) * 100, $0 % 2 == 0 ? 0 : 100) }

    /// A long road heading east with `count` points 50 m apart, drifting 20 m north and back every
    /// 10 points, like a polyline from a real router.
    static func meander(count: Int) -> [(Double, Double)] {
        (0..<count).map { i in
            let rising = i / 10 % 2 == 0
            let drift = Double(i % 10) * 2
            return (Double(i) * 50, rising ? drift : 20 - drift)
        }
    }

    /// A straight street 1 km east.
    static let straight: [(Double, Double)] = [(0, 0), (1_000, 0)]
}
