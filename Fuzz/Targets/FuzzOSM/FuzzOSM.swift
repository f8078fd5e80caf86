import FuzzSupport
import Foundation
import NavMap
import NavRouting

/// The file every input is written to: the importer reads paths, and one file reused keeps runs fast.
private let osmPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("navbus-fuzz-osm-\(getpid()).osm").path

/// Feeds arbitrary bytes to the OSM import as a `.osm` file, and when a road graph comes out, prepares
/// routing on it and plans one route across it: a corrupt or hostile extract must be refused with a
/// `MapError`, never trap the navigator that loads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSM(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(fuzzInput(start, count))
    guard FileManager.default.createFile(atPath: osmPath, contents: data) else { return 0 }
    guard let graph = try? MapLoader.importOSM(path: osmPath) else { return 0 }
    require(graph.nodeCount > 0, "an imported graph without nodes")
    let router = Router(graph: graph, landmarkCount: 2)
    let first = graph.coordinate(ofNode: 0)
    let last = graph.coordinate(ofNode: graph.nodeCount - 1)
    _ = router.route(RouteRequest(waypoints: [Waypoint(coordinate: first), Waypoint(coordinate: last)]))
    return 0
}
