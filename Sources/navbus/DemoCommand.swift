import NavConsole
import NavCore
import Foundation
import NavBus
import NavProtocol
import NavService
import NavSinks

/// `navbus demo`: the whole system on one machine. Starts the proxy, the navigator on the sample map, the
/// feeder, the three sinks (and the speaker where there is a sound device) as child processes on private endpoints,
/// then drives the guides' two-stop trip:
/// simulate a location, set two destinations, start guidance, drive at a speed multiplier, continue to the next
/// destination on arrival and activate guidance again, and end with a trip summary. With `--web` it also starts
/// navbus-web, prints the navigation UI's address, and keeps serving it after the trip until interrupted. The bus
/// runs CURVE with keys and an ACL made for the run (`BusKeySet`), unless `--plain`.
enum DemoCommand: CLICommand {
    static let name = "demo"
    static let summary = "run the whole system on the sample map and drive a two-stop trip with a live view"
    static let parser = OptionParser(
        command: "navbus demo", summary: summary,
        usage: "navbus demo [--map PATH] [--speed-multiplier X] [--headless] [--json] [--log-dir DIR] [--web] [--plain]",
        options: [
            Option("map", default: "maps/helsinki.osm.pbf", help: "OSM extract or .navgraph to navigate on", valueName: "PATH"),
            Option("speed-multiplier", default: "8", help: "how much faster than real time to drive", valueName: "X"),
            Option.flag("headless", help: "no live view: print events as lines (JSON Lines with --json)"),
            Option.flag("json", help: "with --headless: print every message as {\"topic\":...,\"envelope\":{...}}"),
            Option("log-dir", help: "where the logger writes (default: a new temporary directory)", valueName: "DIR"),
            Option("timeout", default: "600", help: "give up after this many seconds", valueName: "SECONDS"),
            Option.flag("web", help: "also serve the navigation UI in a browser, and keep serving it after the trip"),
            Option(
                "web-listen", variable: "NAVBUS_WEB_LISTEN", default: "127.0.0.1:8080",
                help: "with --web: where navbus-web listens (port 0 picks a free one)", valueName: "HOST:PORT"),
            Option.flag("plain", help: "run the bus without CURVE keys (by default the demo makes keys and an ACL)"),
        ])

    static let origin = Waypoint(title: "Rautatientori", latitude: 60.1712, longitude: 24.9433)
    static let stops = [
        Waypoint(title: "Kamppi", latitude: 60.1689, longitude: 24.9316),
        Waypoint(title: "Senate Square", latitude: 60.1695, longitude: 24.9520),
    ]

    static func run(_ options: ParsedOptions) throws {
        guard let multiplier = try options.double("speed-multiplier"), multiplier > 0 else {
            throw UsageError("--speed-multiplier must be a positive number")
        }
        let timeout = try options.double("timeout") ?? 600
        let map = try options.require("map")
        guard FileManager.default.fileExists(atPath: map) else {
            throw UsageError("no map at \(map); run scripts/fetch-maps.sh (make demo does) or pass --map PATH")
        }
        let headless = options.flag("headless")
        let json = options.flag("json")
        let interactive = !headless && isatty(STDOUT_FILENO) == 1
        let webListen = options.flag("web") ? try options.require("web-listen") : nil

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("navbus-demo-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let logDirectory = URL(fileURLWithPath: options.value("log-dir") ?? work.appendingPathComponent("log").path)
        try FileManager.default.createDirectory(at: logDirectory, withIntermediateDirectories: true)
        let base = "ipc://\(work.path)/"
        let endpoints = [
            Endpoints.publisherVariable: base + "pub", Endpoints.subscriberVariable: base + "sub",
            Endpoints.navigatorVariable: base + "navigator", Endpoints.feederVariable: base + "feeder",
            Endpoints.vehicleSubscriberVariable: base + "vehicle-sub",
        ]
        let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let children = DemoChildren(binaries: binaries, logDirectory: work, environment: endpoints)
        let keys = work.appendingPathComponent("keys").path
        let secure = !options.flag("plain")
        if secure { try BusKeySet.write(to: keys, replace: true) }
        /// The key files of one child, or nothing on a plain bus.
        func keyFiles(_ name: String) -> [String: String] {
            guard secure else { return [:] }
            return [
                SecurityOptions.secretKeyVariable: "\(keys)/\(name).key",
                SecurityOptions.serverKeyVariable: "\(keys)/proxy.pub",
                SecurityOptions.accessControlVariable: "\(keys)/\(BusKeySet.aclFileName)",
            ]
        }
        // SIGINT and SIGTERM set `interrupt`; the trip's loop stops on `stop`, which it also sets itself at the final
        // destination, so with --web the serving afterwards still waits for the user's interrupt.
        let interrupt = StopFlag()
        let stop = StopFlag()
        let signals = SignalStop.install(interrupt, logger: Logger(label: "navbus demo", level: .warning))
        let say: (String) -> Void = { line in if !json { StandardOutput.writeLine(line) } }

        var failure: String?
        do {
            try children.start("navbus-proxy", [], environment: keyFiles("proxy"))
            try children.start(
                "navbus-navigator", ["--map", map, "--state-dir", work.appendingPathComponent("state").path],
                environment: keyFiles("navigator"))
            try children.start("navbus-feeder", [], environment: keyFiles("feeder"))
            try children.start("navbus-logger", ["--dir", logDirectory.path], environment: keyFiles("logger"))
            // The sinks time persistence by message time, which here runs `multiplier` times faster than the
            // simulated drive: scale their defaults (2 s minimum alert duration, 30 s lighting dwell) to match.
            try children.start(
                "navbus-speeding-alerter", ["--min-duration", String(2 / multiplier)],
                environment: keyFiles("speeding-alerter"))
            try children.start(
                "navbus-lighting-controller", ["--dwell", String(30 / multiplier)],
                environment: keyFiles("lighting-controller"))
            if let webListen {
                try children.start("navbus-web", ["--listen", webListen, "--map", map], environment: keyFiles("web"))
            }
            // Prompts are always shown; they are spoken only where there is something to hear them on.
            let speaks = hasSoundDevice()
            if speaks { try children.start("navbus-speaker", [], environment: keyFiles("speaker")) }
            say(
                "started proxy, navigator (\(map)), feeder, logger, speeding alerter, lighting controller"
                    + (webListen == nil ? "" : ", web")
                    + (speaks ? ", speaker" : " (no sound device: voice prompts are shown, not spoken)")
                    + (secure ? "; CURVE keys in \(keys)" : "; plain bus"))
            let security = try secure ? demoSecurity(keys: keys, endpoints: endpoints) : BusSecurity.plain
            failure = try drive(
                endpoints: endpoints, security: security, children: children, stop: stop, interrupt: interrupt,
                multiplier: multiplier, timeout: timeout, interactive: interactive, json: json, web: webListen != nil,
                speaks: speaks,
                say: say)
            if webListen != nil, failure == nil, let address = children.webAddress() {
                // The trip is over but its last state stays on the page, as a driver would leave it on screen.
                say("the trip is over; still serving the navigation UI at \(address)vehicle/default — Ctrl-C to stop")
                while children.firstDead() == nil, !interrupt.wait(seconds: 0.5) {}
                if !interrupt.isStopRequested, let dead = children.firstDead() { failure = dead }
            }
        } catch {
            failure = "\(error)"
        }
        let stopFailures = children.stopAll()
        // The demo's keys were made for this run only; its logs stay for the user to read.
        if secure { try? FileManager.default.removeItem(atPath: keys) }
        if !json { say("logger output: \(logDirectory.path)") }
        withExtendedLifetime(signals) {}
        if let failure { throw CLIError(failure) }
        if !stopFailures.isEmpty { throw CLIError("children did not stop cleanly: " + stopFailures.joined(separator: "; ")) }
    }

    /// The demo's own keys (`cli`) and the public keys of the proxy and the two control servers it calls.
    private static func demoSecurity(keys: String, endpoints: [String: String]) throws -> BusSecurity {
        let key = { (name: String) throws -> CurvePublicKey in try KeyFiles.readPublicKey(path: "\(keys)/\(name).pub") }
        return BusSecurity(
            keys: try KeyFiles.readSecretKey(path: "\(keys)/cli.key"), serverKey: try key("proxy"),
            endpointKeys: [
                endpoints[Endpoints.navigatorVariable]!: try key("navigator"),
                endpoints[Endpoints.feederVariable]!: try key("feeder"),
            ])
    }

    /// Runs the trip; returns a failure description, or `nil` when the final destination was reached.
    private static func drive(
        endpoints: [String: String], security: BusSecurity, children: DemoChildren, stop: StopFlag, interrupt: StopFlag,
        multiplier: Double, timeout: Double, interactive: Bool, json: Bool, web: Bool, speaks: Bool,
        say: @escaping (String) -> Void
    ) throws -> String? {
        let context = ZMQContext(security: security)
        let subscriber = try Subscriber(
            context: context, endpoint: endpoints[Endpoints.subscriberVariable]!,
            prefixes: ["nav.", "alert.", "ui.", "gps.", "sys."], counters: BusCounters())
        let navigator = RPCClient(
            context: context, endpoint: endpoints[Endpoints.navigatorVariable]!, timeoutMilliseconds: 5000, retries: 3)
        let feeder = RPCClient(
            context: context, endpoint: endpoints[Endpoints.feederVariable]!, timeoutMilliseconds: 5000, retries: 3)

        // Wait until every child says it is alive.
        let expected = Set(
            [
                "navbus-proxy", "navbus-navigator", "navbus-feeder", "navbus-logger", "navbus-speeding-alerter",
                "navbus-lighting-controller",
            ] + (web ? ["navbus-web"] : []) + (speaks ? ["navbus-speaker"] : []))
        var alive: Set<String> = []
        let startDeadline = MonotonicClock.seconds() + 60
        try subscriber.socket.setReceiveTimeout(milliseconds: 200)
        while alive != expected {
            if let dead = children.firstDead() { return dead }
            if interrupt.isStopRequested { return "interrupted" }
            if MonotonicClock.seconds() > startDeadline {
                return "no heartbeat within 60 s from: \(expected.subtracting(alive).sorted().joined(separator: ", "))"
            }
            if let message = try subscriber.receive(), message.topic == .heartbeat,
                let process = message.data["process"]?.stringValue
            {
                alive.insert(process)
            }
        }
        say("all \(expected.count) processes are alive; simulating a location at \(origin.title)")
        let webAddress = web ? children.webAddress() : nil
        if let webAddress { say("navigation UI: \(webAddress)vehicle/default   (the fleet: \(webAddress))") }

        _ = try feeder.call(
            Method.simulateLocation.rawValue,
            params: try params(SimulateLocationParams(latitude: origin.latitude!, longitude: origin.longitude!)))
        _ = try navigator.call(Method.startUpdatingLocation.rawValue, params: .object(JSONObject()))
        // The navigator plans from the vehicle's latest fix; the first one may still be on its way.
        var status = RouteStatus.locationUnavailable
        let routeDeadline = MonotonicClock.seconds() + 15
        while status == .locationUnavailable, MonotonicClock.seconds() < routeDeadline {
            let result = try navigator.call(
                Method.setDestinations.rawValue, params: try params(SetDestinationsParams(waypoints: stops)))
            status = try JSONValueDecoder().decode(RouteStatusResult.self, from: result).routeStatus
            if status == .locationUnavailable { Thread.sleep(forTimeInterval: 0.2) }
        }
        guard status == .ok else { return "navigator.setDestinations answered \(status.rawValue)" }
        say("route OK: \(stops.map(\.title).joined(separator: " → ")); guidance on, driving at \(multiplier)× real time")
        _ = try navigator.call(Method.setGuidanceActive.rawValue, params: try params(SetGuidanceActiveParams(active: true)))
        _ = try feeder.call(
            Method.configureSimulator.rawValue, params: .object(JSONObject([("speedMultiplier", .number(multiplier))])))
        // The feeder learns the route from nav.route_changed.v1 on the bus, which can arrive a moment after the
        // navigator answered setDestinations (later still on a busy machine or over CURVE): -32001 "no route to
        // simulate" is retried for a while rather than ending the demo.
        let simulatorDeadline = MonotonicClock.seconds() + 20
        while true {
            do {
                _ = try feeder.call(Method.simulateLocationsAlongExistingRoute.rawValue, params: .object(JSONObject()))
                break
            } catch let error as RPCError where error.code == -32001 && MonotonicClock.seconds() < simulatorDeadline {
                usleep(200_000)
            }
        }

        var view = TripView()
        view.title =
            "Helsinki, \(origin.title) → \(stops.map(\.title).joined(separator: " → "))"
            + (webAddress.map { " — live at \($0)vehicle/default" } ?? "")
        var outcome: String?
        var finished = false
        let deadline = MonotonicClock.seconds() + timeout
        let reactor = Reactor(stop: stop)
        reactor.onReadable(subscriber.socket) {
            try subscriber.drain { message in
                if json {
                    StandardOutput.write(LogLine.message(topicName: message.topicName, envelope: message.rawEnvelope))
                }
                guard message.header.subject == "default" else { return }
                if let event = view.apply(message), !interactive { say(event) }
                guard message.topic == .navArrival, let arrival = view.arrivals.last else { return }
                if arrival.isFinalDestination {
                    finished = true
                    stop.requestStop()
                } else {
                    // As the guides do: continue to the next destination, then activate guidance again.
                    _ = try navigator.call(Method.continueToNextDestination.rawValue, params: .object(JSONObject()))
                    _ = try navigator.call(
                        Method.setGuidanceActive.rawValue, params: try params(SetGuidanceActiveParams(active: true)))
                    // On the second leg the simulated driver keeps 12 % above the limits, so the speeding
                    // events and the alerter have something to show.
                    _ = try feeder.call(
                        Method.configureSimulator.rawValue,
                        params: .object(JSONObject([("speedProfile", .string("limit+12%"))])))
                    if let line = view.note("the driver now keeps 12 % above the speed limits"), !interactive { say(line) }
                }
            }
        }
        reactor.every(0.25) {
            if interrupt.isStopRequested { stop.requestStop() }
            if interactive {
                StandardOutput.writeLine("\u{1B}[H\u{1B}[2J" + view.render().joined(separator: "\n"))
            }
            if let dead = children.firstDead() {
                outcome = dead
                stop.requestStop()
            }
            if MonotonicClock.seconds() > deadline {
                outcome = "the trip did not finish within \(Int(timeout)) s"
                stop.requestStop()
            }
        }
        reactor.onError = { error in
            outcome = "\(error)"
            stop.requestStop()
        }
        try reactor.run()
        if interactive { StandardOutput.writeLine(view.render().joined(separator: "\n")) }
        if !json { view.summary().forEach(say) }
        if finished, outcome == nil { return nil }
        return outcome ?? "interrupted before the final destination"
    }

    /// Whether sound can be played here: an ALSA device or a PulseAudio/PipeWire server to talk to.
    static func hasSoundDevice() -> Bool {
        let environment = ProcessInfo.processInfo.environment
        if environment["PULSE_SERVER"] != nil { return true }
        if let runtime = environment["XDG_RUNTIME_DIR"],
            FileManager.default.fileExists(atPath: runtime + "/pulse/native")
        {
            return true
        }
        let devices = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []
        return devices.contains { $0.hasPrefix("pcm") }
    }

    private static func params(_ value: some Encodable) throws -> JSONValue {
        try JSONParser.parse(try StreamingJSONEncoder().encode(value))
    }
}
