import NavCore
import Foundation
import NavBus
import NavNavigator
import NavRouting
import NavService

ServiceRunner(
    command: "navbus-navigator", role: "navigator",
    summary: "the navigator core: follows vehicles along their routes and publishes every nav.* topic",
    usage: "navbus-navigator --map FILE [--places FILE] [--state-dir DIR] [--session-idle-timeout SECONDS] "
        + "[--control ENDPOINT] [--pub ENDPOINT] [--sub ENDPOINT] [--secret-key FILE --server-key FILE --acl FILE]",
    security: .clientAndServer,
    options: Endpoints.busOptions + [
        Option(
            "map", variable: "NAVBUS_MAP", help: "road map: .osm.pbf, .osm or .navgraph (required)", valueName: "FILE"),
        Option(
            "places", variable: "NAVBUS_PLACES", help: "places catalogue (JSON) for placeID waypoints",
            valueName: "FILE"),
        Option(
            "state-dir", variable: "NAVBUS_STATE_DIR",
            help: "directory where vehicle sessions are saved and restored from (none: memory only)", valueName: "DIR"),
        Option(
            "session-idle-timeout", variable: "NAVBUS_SESSION_IDLE_TIMEOUT", default: "1800",
            help: "seconds without fixes or calls after which a vehicle's session is dropped", valueName: "SECONDS"),
        Option(
            "control", variable: Endpoints.navigatorVariable, default: Endpoints.defaultNavigator,
            help: "where the JSON-RPC control API binds", valueName: "ENDPOINT"),
    ]
).main { options, context in
    guard let idleTimeout = try options.double("session-idle-timeout"), idleTimeout > 0 else {
        throw UsageError("--session-idle-timeout must be a positive number of seconds")
    }
    let mapPath = try options.require("map")
    let places =
        try options.value("places").map { path in
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw UsageError("--places \(path): no such file or not readable")
            }
            do {
                return try PlacesCatalogue(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw UsageError(
                    "--places \(path): not a places catalogue {\"<placeID>\": {\"title\", \"latitude\", \"longitude\"}}"
                )
            }
        } ?? PlacesCatalogue()
    let map = try NavigatorMap.load(path: mapPath, places: places)
    context.logger.info("loaded \(mapPath): \(map.graph.nodeCount) nodes, \(map.graph.segmentCount) segments")
    if let zone = Navigator.mapTimeZoneName {
        context.logger.info("turn restrictions signed for some hours are judged by the clock in \(zone)")
    } else if let name = ProcessInfo.processInfo.environment["TZ"], !name.isEmpty {
        context.logger.warning(
            "TZ=\(name) is not a time zone this machine knows (install tzdata?): turn restrictions signed for some hours hold at all hours")
    }
    return NavigatorService(
        configuration: .init(
            publisherEndpoint: try options.require("pub"), subscriberEndpoint: try options.require("sub"),
            controlEndpoint: try options.require("control"), stateDirectory: options.value("state-dir"),
            settings: Navigator.Settings(sessionIdleTimeout: idleTimeout)),
        map: map)
}
