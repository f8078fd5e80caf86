import NavCore
import Foundation
import NavProtocol
import Testing

@Suite("Payloads have the wire shape the schemas describe")
struct WireShapeTests {
    @Test("absent optionals are left out, not written as null")
    func optionalsAreAbsent() throws {
        let json = try JSONCoding.object(Waypoint(title: "Senate Square", placeID: "osm:node/26607405"))
        #expect(Set(json.keys) == ["title", "placeID"])
        let fix = try JSONCoding.object(
            GPSFix(latitude: 60.17, longitude: 24.94, timestamp: ProtocolSamples.time, source: "gpx"))
        #expect(Set(fix.keys) == ["latitude", "longitude", "timestamp", "source"])
    }

    @Test("an unknown speed limit is an explicit null inside segmentSpeedLimits")
    func segmentSpeedLimitNulls() throws {
        let json = try JSONCoding.object(ProtocolSamples.routeLeg)
        let limits = try #require(json["segmentSpeedLimits"] as? [Any])
        #expect(limits.count == 5)
        #expect(limits[3] is NSNull)
        #expect((limits[0] as? Double).map { abs($0 - 40 / 3.6) < 1e-9 } == true)
    }

    @Test("geometry is a GeoJSON LineString with longitude first")
    func lineStringShape() throws {
        let line = LineString(points: [
            Coordinate(latitude: 60.1710, longitude: 24.9414), Coordinate(latitude: 60.1688, longitude: 24.9320),
        ])
        let json = try JSONCoding.object(line)
        #expect(json["type"] as? String == "LineString")
        #expect(json["coordinates"] as? [[Double]] == [[24.9414, 60.1710], [24.9320, 60.1688]])
        #expect(line.points.first == Coordinate(latitude: 60.1710, longitude: 24.9414))
    }

    @Test("a GeoJSON object of another type is rejected")
    func lineStringRejectsOtherTypes() {
        #expect(throws: DecodingError.self) {
            try JSONCoding.decode(LineString.self, #"{"type":"Point","coordinates":[[24.9,60.1],[24.8,60.2]]}"#)
        }
    }

    @Test("traffic areas are tagged circles and bounding boxes")
    func trafficAreaShapes() throws {
        let circle = try JSONCoding.object(
            TrafficArea.circle(center: Coordinate(latitude: 60.171, longitude: 24.9414), radiusMeters: 350))
        #expect(circle["type"] as? String == "circle")
        #expect(circle["radiusMeters"] as? Double == 350)
        #expect((circle["center"] as? [String: Double])?["latitude"] == 60.171)

        let box = try JSONCoding.object(
            TrafficArea.boundingBox(BoundingBox(south: 60.1, west: 24.9, north: 60.2, east: 25.0)))
        #expect(Set(box.keys) == ["type", "south", "west", "north", "east"])
        #expect(box["type"] as? String == "boundingBox")

        let decoded = try JSONCoding.decode(
            TrafficArea.self, #"{"type":"boundingBox","south":60.1,"west":24.9,"north":60.2,"east":25.0}"#)
        #expect(decoded == .boundingBox(BoundingBox(south: 60.1, west: 24.9, north: 60.2, east: 25.0)))
        #expect(throws: DecodingError.self) {
            try JSONCoding.decode(TrafficArea.self, #"{"type":"polygon","coordinates":[]}"#)
        }
    }

    @Test("a bounding box across the antimeridian contains points on both sides")
    func boundingBoxContains() {
        let helsinki = BoundingBox(south: 60.1, west: 24.8, north: 60.3, east: 25.1)
        #expect(helsinki.contains(Coordinate(latitude: 60.17, longitude: 24.94)))
        #expect(!helsinki.contains(Coordinate(latitude: 60.47, longitude: 26.94)))
        let fiji = BoundingBox(south: -20, west: 177, north: -15, east: -178)
        #expect(fiji.contains(Coordinate(latitude: -17, longitude: 179.5)))
        #expect(fiji.contains(Coordinate(latitude: -17, longitude: -179)))
        #expect(!fiji.contains(Coordinate(latitude: -17, longitude: 170)))
    }

    @Test("receivers ignore fields added later within a major version")
    func unknownFieldsAreIgnored() throws {
        let decoded = try JSONCoding.decode(
            RemainingDistance.self, #"{"meters": 120.5, "confidence": 0.9, "lanes": [1, 2]}"#)
        #expect(decoded == RemainingDistance(meters: 120.5))
    }

    @Test("heartbeat counters are a JSON object with the four required keys")
    func heartbeatCounters() throws {
        let json = try JSONCoding.object(ProtocolSamples.heartbeat)
        let counters = try #require(json["counters"] as? [String: Any])
        for key in Heartbeat.Counter.required {
            #expect(counters[key] is NSNumber, "missing counter \(key)")
        }
        #expect(json["pid"] as? Int == 4242)
    }

    @Test("large counter values survive the round trip")
    func largeCounters() throws {
        var heartbeat = ProtocolSamples.heartbeat
        heartbeat.counters[Heartbeat.Counter.sent] = 9_000_000_000_000
        #expect(try JSONCoding.roundTrip(heartbeat) == heartbeat)
    }

    @Test("timestamps are RFC 3339 strings in payloads")
    func timestampsAreStrings() throws {
        let json = try JSONCoding.object(ProtocolSamples.speedAlert)
        #expect(json["since"] as? String == "2026-11-29T16:05:09.250Z")
    }
}
