import NavCore
import NavMap
import NavRouting
import NavTesting
import Testing

/// Waypoints exactly at the nodes of real streets (issue 11): every node of a few Helsinki streets is routed to and
/// from a central point. Where OSRM on the same extract routes, navbus must; where OSRM finds no route, the street
/// piece is reached only from beyond the map's edge or leads only out of it (one-way streets the extract cuts), and
/// navbus may route (onto a connected road at most 10 m farther) or say so.
@Suite struct NodeWaypointsOnHelsinkiTests {
    /// Kaivokatu by the station, the node `routing.py --node-targets` starts from.
    static let centre = Coordinate(latitude: 60.1719283, longitude: 24.9443378)
    static let streets: Set<String> = ["Erottajankatu", "Uudenmaankatu", "Lönnrotinkatu", "Hakaniemenranta"]
    /// The car park south of Kauppatori that runs off the map's east edge behind its driveway (seed 2026 pair 128).
    static let carParkWays: Set<Int64> = [28_634_245, 126_893_385, 28_634_250, 34_439_847]

    /// The nodes OSRM (osrm-bindings 26.10.0, car.lua, on `routing.py`'s reference extract) finds no route to from
    /// the centre, or from to it.
    static let osrmFindsNoRouteTo: Set<Int64> = [
        298_274_871, 310_148_890, 313_783_719, 313_981_046, 313_981_057, 313_981_058, 313_981_059, 314_760_454,
        314_935_875, 333_822_366, 672_367_129, 955_739_477, 959_380_505, 1_371_624_308, 2_036_515_890, 3_232_013_770,
    ]
    static let osrmFindsNoRouteFrom: Set<Int64> = [
        25_291_591, 299_968_465, 311_746_601, 311_746_602, 314_760_455, 672_367_128, 2_423_094_586, 2_423_097_276,
        3_227_213_252, 3_395_239_426, 3_395_239_428,
    ]

    /// The car nodes of the chosen streets and the car park, by OSM id.
    static func nodes(of graph: RoadGraph) -> [Int64: Coordinate] {
        var nodes: [Int64: Coordinate] = [:]
        for way in 0..<graph.wayCount
        where streets.contains(graph.name(ofWay: way)) || carParkWays.contains(graph.osmID(ofWay: way)) {
            for segment in graph.segments(ofWay: way)
            where !graph.flags(ofSegment: segment).contains(.restrictionCopy)
                && (graph.allows(.driving, onArc: 2 * segment) || graph.allows(.driving, onArc: 2 * segment + 1))
            {
                let (a, b) = graph.endpoints(ofSegment: segment)
                for node in [a, b] { nodes[graph.osmID(ofNode: node)] = graph.coordinate(ofNode: node) }
            }
        }
        return nodes
    }

    @Test func everyNodeOfTheStreetsIsRoutedToAndFromWhereOSRMRoutes() throws {
        let router = try HelsinkiExactnessTests.loadedRouter()
        let nodes = Self.nodes(of: router.graph)
        #expect(nodes.count > 100, "\(nodes.count) nodes")
        var failures: [String] = []
        for (id, coordinate) in nodes.sorted(by: { $0.key < $1.key }) {
            for (toNode, excused) in [(true, Self.osrmFindsNoRouteTo), (false, Self.osrmFindsNoRouteFrom)] {
                let ends = toNode ? [Self.centre, coordinate] : [coordinate, Self.centre]
                let result = router.route(RouteRequest(waypoints: ends.map { Waypoint(coordinate: $0) }))
                if result.status == .ok {
                    for leg in result.routes.flatMap(\.legs) {
                        #expect(ThroughTrafficRule.allows(leg.arcs.map { router.graph.isRestricted(.driving, onArc: $0) }))
                    }
                    continue
                }
                let edgeReason = result.message.contains("edge of the map") || result.message.contains("out of the map")
                if !excused.contains(id) || result.status != .noRouteFound || !edgeReason {
                    failures.append("\(toNode ? "to" : "from") node \(id): \(result.status) \(result.message)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
