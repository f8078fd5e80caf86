import Foundation
import NavMap
import NavRouting

let graph = try MapLoader.load(path: "maps/helsinki.osm.pbf")
var t = Date()
let router = Router(graph: graph, modes: [.driving])
print("init driving", Date().timeIntervalSince(t))
var random = SplitMix64(seed: 42)
var pairs: [(Coordinate, Coordinate)] = []
for _ in 0..<500 {
    pairs.append((graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount))), graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount)))))
}
for algorithm in RoutingAlgorithm.allCases {
    t = Date()
    for (a, b) in pairs {
        _ = router.route(RouteRequest(waypoints: [Waypoint(coordinate: a), Waypoint(coordinate: b)], options: RoutingOptions(algorithm: algorithm)))
    }
    print(algorithm, Date().timeIntervalSince(t) / 500)
}
t = Date()
for (a, _) in pairs { _ = router.snap(a, mode: .driving) }
print("snap", Date().timeIntervalSince(t) / 500)
