import FuzzSupport
import Foundation
import NavBus
import NavMap
import NavNavigator
import NavProtocol
import NavRouting

/// A 10 × 10 block synthetic town at 60°N 25°E, prepared once: sessions are checked against a real map.
private let map: NavigatorMap? = {
    guard let graph = try? SyntheticNetwork(nodeCount: 100, seed: 1).graph() else { return nil }
    return NavigatorMap(router: Router(graph: graph, landmarkCount: 2))
}()

/// In memory where the system has it: every save flushes to disk, which would make each input take a second.
private let stateDirectory =
    (FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory)
    .appendingPathComponent("navbus-fuzz-session-\(getpid())").path

/// Feeds arbitrary bytes to the navigator as its one saved session file, then does what a restarted
/// navigator does next: restores, answers `navigator.getState`, takes fixes (the proxy replays the last one
/// at once), ticks and saves. A hostile or corrupt state file must be skipped or repaired, never trap the
/// process that serves every vehicle.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let map else { fail("the synthetic map does not build") }
    let files = FileManager.default
    try? files.removeItem(atPath: stateDirectory)
    try? files.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
    let saved = Data(fuzzInput(start, count))
    guard files.createFile(atPath: stateDirectory + "/fuzz.session.json", contents: saved) else { return 0 }
    var now = 1_800_000_000.0
    guard let navigator = try? Navigator(map: map, stateDirectory: stateDirectory, clock: { now }, emit: { _ in })
    else { return 0 }
    for vehicle in navigator.vehicles {
        let params = VehicleParams(vehicle: vehicle)
        _ = navigator.state(params)
        for step in 0..<3 {
            let fix = GPSFix(
                latitude: 60.0005 + Double(step) * 0.0002, longitude: 25.0009, course: 0, speed: 10,
                horizontalAccuracy: 5, timestamp: Timestamp(secondsSince1970: now), source: "fuzz")
            navigator.process(fix, vehicle: vehicle)
            now += 1
        }
        _ = navigator.state(params)
        _ = navigator.continueToNextDestination(params)
    }
    navigator.tick()
    navigator.flush()
    return 0
}
