import Foundation
import NavMap
import NavRouting
import Testing

@Suite struct OutputTests {
    func result() throws -> RouteResult {
        try RoutingFixtures.route(RoutingFixtures.crossroads(), RoutingFixtures.south, RoutingFixtures.eastEnd)
    }

    @Test func geoJSONIsAFeatureCollectionWithLonLatLines() throws {
        let result = try result()
        let text = RouteGeoJSON.featureCollection(result.routes)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["type"] as? String == "FeatureCollection")
        let features = try #require(json["features"] as? [[String: Any]])
        let line = try #require(
            features.first { ($0["geometry"] as? [String: Any])?["type"] as? String == "LineString" })
        let coordinates = try #require((line["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect(abs(coordinates[0][0] - 25) < 0.01, "longitude first")
        #expect(abs(coordinates[0][1] - 60) < 0.01)
        let properties = try #require(line["properties"] as? [String: Any])
        #expect(properties["legIndex"] as? Int == 0)
        #expect((properties["distance"] as? Double ?? 0) > 300)
        #expect(properties["duration"] != nil)
        let points = features.filter { ($0["geometry"] as? [String: Any])?["type"] as? String == "Point" }
        #expect(points.count == result.routes[0].steps.count)
    }

    @Test func textSummaryListsTheSteps() throws {
        let text = RouteTextFormatter.describe(try result())
        #expect(text.hasPrefix("Route: 380 m, 5"), "\(text)")
        #expect(text.contains("(1 leg)"))
        #expect(text.contains("2. Turn right onto Eastway (190 m)"), "\(text)")
        #expect(text.contains("You have arrived at your destination"))
        #expect(
            RouteTextFormatter.describe(RouteResult(status: .noRouteFound, message: "No route."))
                == "noRouteFound: No route.")
    }

    @Test func formatsDistancesAndDurations() {
        #expect(RouteTextFormatter.distance(850.4) == "850 m")
        #expect(RouteTextFormatter.distance(12_345) == "12.3 km")
        #expect(RouteTextFormatter.duration(45) == "45 s")
        #expect(RouteTextFormatter.duration(312) == "5 min 12 s")
        #expect(RouteTextFormatter.duration(3_900) == "1 h 05 min")
    }
}
