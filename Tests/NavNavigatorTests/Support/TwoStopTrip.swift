import Foundation
import NavMap
import NavNavigator
import NavProtocol

/// A two-stop trip: the drive to each stop, as noisy fixes.
struct TwoStopTrip {
    var first: RouteTrace
    var second: RouteTrace
    var waypoints: [NavProtocol.Waypoint]

    init(seed: UInt64) throws {
        let map = try HelsinkiMap.map()
        var planner = TripPlanner(map: map, seed: seed)
        while true {
            let firstLeg = planner.randomTrip(lengths: 600...1_500)
            guard let secondLeg = planner.route(from: firstLeg.destination.coordinate, to: [planner.randomPoint()]),
                (600...1_500).contains(secondLeg.distanceMeters)
            else { continue }
            first = RouteTrace(seed: seed, sigma: 5)
            first.drive(firstLeg.coordinates, speeds: firstLeg.segmentSpeeds)
            first.dwell(seconds: 5)
            second = RouteTrace(seed: seed + 1, sigma: 5, startTime: first.time + 30)
            second.drive(secondLeg.coordinates, speeds: secondLeg.segmentSpeeds, exactStart: false)
            second.dwell(seconds: 8)
            waypoints = [firstLeg.destination.coordinate, secondLeg.destination.coordinate].enumerated().map {
                NavProtocol.Waypoint(
                    title: "Stop \($0.offset)", latitude: $0.element.latitude, longitude: $0.element.longitude)
            }
            return
        }
    }
}
