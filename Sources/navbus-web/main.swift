import NavCore
import NavService
import NavWeb

ServiceRunner(
    command: "navbus-web", role: "web",
    summary: "serves the navigation UI in a browser: the fleet at /, each vehicle at /vehicle/ID, live by Server-Sent Events",
    usage: """
        navbus-web [--listen HOST:PORT] [--map FILE] [--max-clients N]

        Subscribes to nav.*, alert.*, ui.* and traffic.* and keeps the latest state of every vehicle. Pages:
        /                     the fleet: every vehicle on one map; click one for its navigation page
        /vehicle/ID           the navigation UI: header, footer, speedometer, trip progress, directions, map
        /events?vehicle=ID    that vehicle's Server-Sent Events (route, view); /events the fleet's (fleet)
        /map.json             the road network of --map, drawn by the pages (nothing is fetched from elsewhere)
        The navigation page takes the SDK's settings as query parameters, each true or false:
        navigationHeaderEnabled, navigationFooterEnabled, navigationTripProgressBarEnabled, shouldDisplaySpeedometer,
        showsDestinationMarkers, recenterButtonEnabled, scrollGestures, zoomGestures (default true),
        showsTrafficLights, showsStopSigns, compassButton, myLocationButton (default false); units=imperial.
        Port 0 picks a free port; the log line "serving http://..." names it.
        """,
    options: [
        Option(
            "listen", variable: "NAVBUS_WEB_LISTEN", default: "127.0.0.1:8080", help: "where the HTTP server listens",
            valueName: "HOST:PORT"),
        Option(
            "map", variable: "NAVBUS_MAP", help: "the map the navigator loads (.osm.pbf, .osm or .navgraph)",
            valueName: "FILE"),
        Option("max-clients", default: "64", help: "event streams open at once (more get 503)", valueName: "N"),
    ] + Endpoints.busOptions
).main { options, _ in
    guard options.positional.isEmpty else {
        throw UsageError("unexpected argument '\(options.positional[0])' (see navbus-web --help)")
    }
    let listenText = try options.require("listen")
    guard let listen = ListenAddress(parsing: listenText) else {
        throw UsageError("--listen expects HOST:PORT such as 127.0.0.1:8080, got '\(listenText)'")
    }
    guard let maxClients = try options.integer("max-clients"), maxClients >= 1 else {
        throw UsageError("--max-clients must be a whole number of at least 1")
    }
    return WebService(
        configuration: .init(
            subscriberEndpoint: try options.require("sub"), publisherEndpoint: try options.require("pub"),
            listen: listen, mapPath: options.value("map").flatMap { $0.isEmpty ? nil : $0 },
            limits: LiveFleet.Limits(clients: maxClients)))
}
