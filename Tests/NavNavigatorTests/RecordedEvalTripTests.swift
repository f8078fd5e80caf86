import Foundation
import NavCore
import NavNavigator
import NavProtocol
import Testing

/// The guidance evaluation's hard cases replayed through the navigator on the Helsinki map, fix for fix as the
/// evaluation sent them (see ``RecordedEvalTrips``), with an app that continues after each stop on the way.
@Suite("Recorded evaluation trips")
struct RecordedEvalTripTests {
    struct Trip: Decodable {
        var name: String
        var waypoints: [[Double]]
        /// The waypoint indices that must be arrived at, in order; any other arrival is false.
        var arrivals: [Int]
        var fixes: [[Double?]]
    }

    static let trips: [Trip] = (try? JSONDecoder().decode([Trip].self, from: Data(RecordedEvalTrips.json.utf8))) ?? []

    @Test("the recorded trips decode")
    func decode() {
        #expect(Self.trips.count == 3)
    }

    @Test("arrivals are exactly the ones the truth calls for", arguments: 0..<3)
    func replay(index: Int) throws {
        let trip = try #require(Self.trips.indices.contains(index) ? Self.trips[index] : nil)
        let fixes = try trip.fixes.map { values in
            let latitude = try #require(values[0])
            let longitude = try #require(values[1])
            let time = try #require(values[5])
            return GPSFix(
                latitude: latitude, longitude: longitude, altitude: 12, course: values[3], speed: values[2],
                horizontalAccuracy: values[4], timestamp: Timestamp(secondsSince1970: time), source: "eval")
        }
        let harness = try NavigatorHarness(map: HelsinkiMap.map())
        let waypoints = trip.waypoints.enumerated().map { number, point in
            Waypoint(title: "D\(number)", latitude: point[0], longitude: point[1])
        }
        let first = try #require(fixes.first)
        #expect(harness.startTrip(from: first, to: waypoints) == .ok, "\(trip.name)")
        for fix in fixes.dropFirst() {
            harness.clock.now = fix.timestamp.secondsSince1970
            for event in harness.send(fix) {
                guard case .arrival(let arrival) = event.payload, !arrival.isFinalDestination else { continue }
                _ = harness.navigator.continueToNextDestination(VehicleParams())
                _ = harness.navigator.setGuidanceActive(SetGuidanceActiveParams(active: true))
            }
        }
        #expect(harness.arrivals.map(\.waypointIndex) == trip.arrivals, "\(trip.name)")
    }
}
