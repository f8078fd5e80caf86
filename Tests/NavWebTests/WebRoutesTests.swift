import NavCore
import Foundation
import NavMap
import NavProtocol
import NavTesting
import NavWeb
import Testing

@Suite struct WebRoutesTests {
    let routes = WebRoutes(fleet: LiveFleet(), mapJSON: Array("{}".utf8))

    @Test(arguments: ["/", "/vehicle/taxi-7"])
    func pagesAreHTMLThatLoadOnlyOwnAssets(path: String) throws {
        let response = routes.respond(to: HTTPRequest(path: path))
        #expect(response.status == 200)
        #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
        let html = String(decoding: try #require(response.completeBody), as: UTF8.self)
        let sources = html.components(separatedBy: "src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!sources.isEmpty)
        for source in sources {
            #expect(source.hasPrefix("/assets/"))
            #expect(routes.respond(to: HTTPRequest(path: String(source))).status == 200)
        }
        #expect(!html.contains("http://") && !html.contains("https://"))
    }

    @Test func pageWeightStaysUnderThreeHundredKilobytes() {
        let assets = WebAssets.assetNames.compactMap { WebAssets.asset(named: $0)?.text.utf8.count }.reduce(0, +)
        let page = max(WebAssets.fleetPage.utf8.count, WebAssets.vehiclePage.utf8.count)
        #expect(assets + page < 300 * 1024)
        // Scripts fetch nothing from elsewhere: every URL they name is one of ours.
        for name in WebAssets.assetNames {
            #expect(WebAssets.asset(named: name)?.text.contains("://") == false)
        }
    }

    @Test func vehiclePageHasEveryElementTheGuideLists() {
        for id in [
            "nav-header", "header-primary", "header-secondary", "nav-footer", "footer-eta", "trip-progress",
            "progress-elapsed", "progress-position", "speedometer", "speed-limit", "speed-current", "directions-list",
            "camera-toggle", "settings-list", "map", "compass", "recenter", "my-location",
        ] {
            #expect(WebAssets.vehiclePage.contains("id=\"\(id)\""), "missing #\(id)")
        }
        for setting in [
            "navigationHeaderEnabled", "navigationFooterEnabled", "navigationTripProgressBarEnabled",
            "shouldDisplaySpeedometer", "showsDestinationMarkers", "showsTrafficLights", "showsStopSigns",
            "compassButton", "myLocationButton", "recenterButtonEnabled", "scrollGestures", "zoomGestures",
        ] {
            #expect(WebAssets.asset(named: "vehicle.js")?.text.contains(setting) == true, "missing \(setting)")
        }
    }

    @Test func dataEndpoints() {
        let fleet = LiveFleet()
        fleet.apply(Samples.location(60.17, 24.94, at: Samples.time(0)), vehicle: "v1", at: Samples.time(0))
        let routes = WebRoutes(fleet: fleet, mapJSON: nil)
        #expect(routes.respond(to: HTTPRequest(path: "/map.json")).status == 404)
        #expect(routes.respond(to: HTTPRequest(path: "/state.json", query: ["vehicle": "v1"])).status == 200)
        #expect(routes.respond(to: HTTPRequest(path: "/state.json", query: ["vehicle": "nobody"])).status == 404)
        #expect(routes.respond(to: HTTPRequest(path: "/state.json")).status == 400)
        let ids = routes.respond(to: HTTPRequest(path: "/vehicles.json")).completeBody
        #expect(ids.map { String(decoding: $0, as: UTF8.self) } == "[\"v1\"]")
        #expect(routes.respond(to: HTTPRequest(path: "/nothing")).status == 404)
        #expect(routes.respond(to: HTTPRequest(path: "/assets/missing.js")).status == 404)
    }

    @Test(arguments: [
        ("127.0.0.1:8080", ListenAddress(host: "127.0.0.1", port: 8080)),
        ("0.0.0.0:0", ListenAddress(host: "0.0.0.0", port: 0)),
        ("[::1]:9000", ListenAddress(host: "::1", port: 9000)),
        ("localhost:80", ListenAddress(host: "localhost", port: 80)),
    ])
    func listenAddresses(text: String, expected: ListenAddress) {
        #expect(ListenAddress(parsing: text) == expected)
    }

    @Test(arguments: ["8080", "host:", ":80", "host:70000", "host:http"])
    func badListenAddresses(text: String) {
        #expect(ListenAddress(parsing: text) == nil)
    }
}

@Suite struct MapLayerTests {
    struct Document: Decodable {
        var scale: Double
        var bounds: [Int]
        var roads: [[Int]]
        var trafficSignals: [Int]
        var stopSigns: [Int]
    }

    @Test func roadsDecodeBackToTheGraphsPositions() throws {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 100, y: 0, tags: ["highway": "traffic_signals"])
        osm.node(3, x: 200, y: 50)
        osm.node(4, x: 100, y: 100, tags: ["highway": "stop"])
        osm.way(10, [1, 2, 3], ["highway": "primary"])
        osm.way(11, [2, 4], ["highway": "footway"])
        let graph = try osm.graph()
        let document = try JSONDecoder().decode(Document.self, from: Data(MapLayer.json(for: graph)))
        #expect(document.roads.count == 2)
        let primary = try #require(document.roads.first { $0[0] == MapLayer.DrawingClass.major.rawValue })
        var x = 0, y = 0
        var positions: [(Double, Double)] = []
        for i in stride(from: 1, to: primary.count - 1, by: 2) {
            x += primary[i]
            y += primary[i + 1]
            positions.append((Double(y) / document.scale, Double(x) / document.scale))
        }
        #expect(positions.count == 3)
        for (position, id) in zip(positions, [Int64(1), 2, 3]) {
            let node = graph.coordinate(ofNode: try #require(graph.node(forOSMID: id)))
            #expect(abs(position.0 - node.latitude) < 1e-5 && abs(position.1 - node.longitude) < 1e-5)
        }
        #expect(document.roads.contains { $0[0] == MapLayer.DrawingClass.path.rawValue })
        #expect(document.trafficSignals.count == 2 && document.stopSigns.count == 2)
        #expect(document.bounds[0] <= document.bounds[2] && document.bounds[1] <= document.bounds[3])
    }
}
