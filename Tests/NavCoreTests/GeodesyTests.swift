import Foundation
import NavCore
import Testing

@Suite("Geodesy and polylines")
struct GeodesyTests {
    static let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)

    @Test("one degree of latitude is about 111.2 km; one of longitude shrinks with the cosine")
    func degreeLengths() {
        let north = Coordinate(latitude: 61.1699, longitude: 24.9384)
        let east = Coordinate(latitude: 60.1699, longitude: 25.9384)
        #expect(abs(Self.helsinki.distance(to: north) - 111_195) < 5)
        #expect(abs(Self.helsinki.distance(to: east) - 111_195 * cos(60.1699 * .pi / 180)) < 50)
    }

    @Test("destination and bearing invert each other", arguments: [0.0, 45, 90, 181, 270, 359])
    func destinationInvertsBearing(bearing: Double) {
        let target = Self.helsinki.destination(bearing: bearing, distance: 1_500)
        #expect(abs(Self.helsinki.distance(to: target) - 1_500) < 0.01)
        #expect(Geodesy.angleBetween(Self.helsinki.bearing(to: target), bearing) < 0.01)
    }

    @Test("small offsets move by metres east and north")
    func offsets() {
        let moved = Self.helsinki.offset(east: 30, north: -40)
        #expect(abs(Self.helsinki.distance(to: moved) - 50) < 0.05)
        #expect(abs(Self.helsinki.bearing(to: moved) - (180 - atan2(30.0, 40) * 180 / .pi)) < 0.1)
    }

    @Test("projection onto a segment gives the perpendicular distance and clamps to the ends")
    func projection() {
        let a = Self.helsinki
        let b = a.offset(east: 100, north: 0)
        let beside = a.offset(east: 25, north: 10).projection(ontoSegmentFrom: a, to: b)
        #expect(abs(beside.distance - 10) < 0.01)
        #expect(abs(beside.fraction - 0.25) < 0.001)
        let beyond = a.offset(east: 130, north: 0).projection(ontoSegmentFrom: a, to: b)
        #expect(beyond.fraction == 1)
        #expect(abs(beyond.distance - 30) < 0.01)
    }

    @Test("bearing differences are signed and folded into -180...180")
    func bearingDifferences() {
        #expect(Geodesy.bearingDifference(from: 350, to: 10) == 20)
        #expect(Geodesy.bearingDifference(from: 10, to: 350) == -20)
        #expect(Geodesy.angleBetween(350, 10) == 20)
        #expect(Geodesy.normalizedDegrees(-90) == 270)
    }

    @Test("a polyline finds the segment and point at a distance, walking from any hint")
    func polylineLookups() {
        let a = Self.helsinki
        let line = Polyline([a, a.offset(east: 100, north: 0), a.offset(east: 100, north: 50)])
        #expect(abs(line.length - 150) < 0.05)
        #expect(line.segmentCount == 2)
        for hint in [0, 1, 7, -3] {
            #expect(line.segmentIndex(at: 120, near: hint) == 1)
            #expect(line.segmentIndex(at: 20, near: hint) == 0)
        }
        #expect(line.coordinate(at: 125).distance(to: a.offset(east: 100, north: 25)) < 0.05)
        #expect(line.coordinate(at: 1_000).distance(to: line.end) < 0.001)
        #expect(abs(line.segmentBearings[0] - 90) < 0.1)
    }

    @Test("a single point is a zero-length line; repeats are found")
    func degenerateLines() {
        let line = Polyline([Self.helsinki])
        #expect(line.segmentCount == 1)
        #expect(line.length == 0)
        let points = [Self.helsinki, Self.helsinki, Self.helsinki.offset(east: 5, north: 0)]
        #expect(Polyline.withoutRepeats(points) == [0, 2])
    }
}
