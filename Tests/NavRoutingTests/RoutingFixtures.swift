import NavCore
import NavTesting
import NavMap
import NavRouting

/// Small networks drawn in metres (see ``OSMFixture``).
enum RoutingFixtures {
    /// Two stubs joined by a 300 m "Direct Street" (tagged as the test wants) and a 500 m "Detour Lane":
    ///
    ///     3 ---- Detour Lane ---- 4
    ///     |                       |
    ///  5--1 ---- Direct Street -- 2--6
    static func directOrDetour(direct tags: [String: String], directNodeTags: [String: String] = [:]) -> OSMFixture {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 300, y: 0)
        osm.node(3, x: 0, y: 100)
        osm.node(4, x: 300, y: 100)
        osm.node(5, x: -100, y: 0)
        osm.node(6, x: 400, y: 0)
        osm.node(7, x: 150, y: 0, tags: directNodeTags)
        osm.way(20, [1, 7, 2], tags.merging(["name": "Direct Street"]) { a, _ in a })
        osm.way(21, [1, 3, 4, 2], ["highway": "residential", "name": "Detour Lane"])
        osm.way(22, [5, 1], ["highway": "residential", "name": "West Stub"])
        osm.way(23, [2, 6], ["highway": "residential", "name": "East Stub"])
        return osm
    }

    static let west = OSMFixture.coordinate(x: -90, y: 0)
    static let east = OSMFixture.coordinate(x: 390, y: 0)

    /// A crossroads with a ring road:
    ///
    ///          N(2) ------ Ringway
    ///           |              \
    ///  W(5) -- C(1) -- E(4) -- R(6)
    ///           |
    ///          S(3)
    ///
    /// Southway S-C, Northway C-N, Eastway C-E, Westway C-W; Ringway N-R-E with R 100 m north of E.
    static func crossroads() -> OSMFixture {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: 0)
        osm.node(2, x: 0, y: 200)
        osm.node(3, x: 0, y: -200)
        osm.node(4, x: 200, y: 0)
        osm.node(5, x: -200, y: 0)
        osm.node(6, x: 200, y: 100)
        osm.way(10, [3, 1], ["highway": "residential", "name": "Southway"])
        osm.way(11, [1, 2], ["highway": "residential", "name": "Northway"])
        osm.way(12, [1, 4], ["highway": "residential", "name": "Eastway"])
        osm.way(13, [1, 5], ["highway": "residential", "name": "Westway"])
        osm.way(14, [2, 6, 4], ["highway": "residential", "name": "Ringway"])
        return osm
    }

    static let south = OSMFixture.coordinate(x: 0, y: -190)
    static let eastEnd = OSMFixture.coordinate(x: 190, y: 0)
    static let westEnd = OSMFixture.coordinate(x: -190, y: 0)
    static let northEnd = OSMFixture.coordinate(x: 0, y: 190)
    static let ringCorner = OSMFixture.coordinate(x: 200, y: 95)

    /// A four-arm roundabout (radius 30 m) with roads leaving south, east, north and west.
    static func roundabout() -> OSMFixture {
        var osm = OSMFixture()
        osm.node(1, x: 0, y: -30)
        osm.node(2, x: 30, y: 0)
        osm.node(3, x: 0, y: 30)
        osm.node(4, x: -30, y: 0)
        osm.node(11, x: 0, y: -300)
        osm.node(12, x: 300, y: 0)
        osm.node(13, x: 0, y: 300)
        osm.node(14, x: -300, y: 0)
        osm.way(30, [1, 2, 3, 4, 1], ["highway": "primary", "junction": "roundabout", "name": "Ring Circus"])
        osm.way(31, [11, 1], ["highway": "primary", "name": "South Road"])
        osm.way(32, [2, 12], ["highway": "primary", "name": "East Road"])
        osm.way(33, [3, 13], ["highway": "primary", "name": "North Road"])
        osm.way(34, [4, 14], ["highway": "primary", "name": "West Road"])
        return osm
    }

    static func route(
        _ osm: OSMFixture, _ from: Coordinate, _ to: Coordinate, options: RoutingOptions = RoutingOptions()
    ) throws -> RouteResult {
        let router = Router(graph: try osm.graph())
        return router.route(
            RouteRequest(waypoints: [Waypoint(coordinate: from), Waypoint(coordinate: to)], options: options))
    }
}

extension RouteResult {
    /// Road names along the fastest route, consecutive repeats removed.
    var roadNames: [String] {
        var names: [String] = []
        for name in routes.first?.legs.flatMap(\.segmentRoadNames) ?? [] where names.last != name {
            names.append(name)
        }
        return names
    }
}
