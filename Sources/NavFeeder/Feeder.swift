import NavCore
import NavBus
import NavMap
import NavProtocol
public import NavService
import NavSources

/// The feeder process: publishes `gps.fix.v1` from the simulator or a real GPS and serves the simulator
/// control API, all from one reactor thread (timers, JSON-RPC and the route subscription), so its state
/// needs no locks. A real GPS is read on a thread of its own and handed over through ``GPSReader``, which wakes
/// the loop when fixes arrive; the simulator's loop sleeps until the next fix any vehicle owes.
public final class Feeder: Service {
    let configuration: FeederConfiguration
    private var logger = Logger.silent
    /// What a real GPS source read: fixes, skipped input by reason, connections.
    private let sourceCounters = SourceCounters()

    public init(configuration: FeederConfiguration) {
        self.configuration = configuration
    }

    /// Runs until the stop flag is raised, or until a finite input (file, GPX, standard input) has been
    /// published.
    /// - Throws: when a socket cannot be set up or the GPS source fails for good.
    public func run(_ service: ServiceContext) throws {
        logger = service.logger
        let stop = service.stop
        let context = ZMQContext()
        let counters = service.counters
        let identity = service.identity
        let publisher = try Publisher(
            context: context, endpoint: configuration.publisherEndpoint, identity: identity, counters: counters)
        let server = try RPCServer(context: context, endpoint: configuration.controlEndpoint, counters: counters)
        let reactor = Reactor(stop: stop)
        reactor.onError = { [logger] error in logger.warning("\(error)") }
        server.serve(on: reactor)
        // Fixes published before the proxy listens would be lost, and a replay's first ones matter.
        if !publisher.waitUntilConnected(timeoutMilliseconds: 2000) {
            logger.warning("no proxy at \(configuration.publisherEndpoint) yet; publishing anyway")
        }
        let heartbeat = HeartbeatPublisher(process: service.process, identity: identity, counters: counters)
        if let source = configuration.source.makeSource(counters: sourceCounters, logger: logger) {
            try runGPS(
                source, reactor: reactor, server: server, publisher: publisher, heartbeat: heartbeat, context: context,
                stop: stop)
        } else {
            try runSimulator(
                reactor: reactor, server: server, publisher: publisher, heartbeat: heartbeat, context: context,
                counters: counters)
        }
    }

    // MARK: Simulator

    private func runSimulator(
        reactor: Reactor, server: RPCServer, publisher: Publisher, heartbeat: HeartbeatPublisher,
        context: ZMQContext, counters: BusCounters
    ) throws {
        var simulator = LocationSimulator(defaults: configuration.simulation, seed: configuration.seed)
        var published: UInt64 = 0
        if let fleetSize = configuration.fleetSize, let mapPath = configuration.mapPath {
            let graph = try MapLoader.load(path: mapPath)
            let routes = try FleetRoutes.plan(count: min(fleetSize, 64), graph: graph, seed: configuration.seed)
            let now = MonotonicClock.seconds()
            for index in 0..<fleetSize {
                let vehicle = "fleet-" + String(index + 1).leftPadded(to: 4)
                simulator.driveLoop(vehicle: vehicle, route: routes[index % routes.count], now: now)
            }
            logger.info("fleet of \(fleetSize) vehicles on \(routes.count) round trips of \(mapPath)")
        }

        let routes = try Subscriber(
            context: context, endpoint: configuration.subscriberEndpoint, prefixes: [Topic.navRouteChanged.rawValue],
            counters: counters)
        reactor.onReadable(routes.socket) { [logger] in
            try routes.drain { message in
                guard message.topic == .navRouteChanged else { return }
                let vehicle = message.header.subject
                do {
                    let change = try message.decode(RouteChanged.self)
                    try simulator.routeChanged(change, vehicle: vehicle)
                    logger.debug("route for \(vehicle): \(change.reason.rawValue), \(change.routeLegs.count) legs")
                } catch {
                    logger.warning("ignoring the route for \(vehicle): \(error)")
                }
            }
        }

        server.register(Method.simulateLocationsAlongExistingRoute.rawValue, params: VehicleParams.self) { params in
            try simulator.simulateAlongExistingRoute(vehicle: params.vehicleID, now: MonotonicClock.seconds())
        }
        server.register(Method.simulateLocation.rawValue, params: SimulateLocationParams.self) { params in
            try simulator.simulateLocation(params, now: MonotonicClock.seconds())
        }
        server.register(Method.stopSimulation.rawValue, params: VehicleParams.self) { params in
            try simulator.stopSimulation(vehicle: params.vehicleID)
        }
        server.register(Method.configureSimulator.rawValue, params: ConfigureSimulatorParams.self) { params in
            try simulator.configure(params, now: MonotonicClock.seconds())
        }

        reactor.whenDue({ simulator.nextDue }) {
            try simulator.produceFixes(now: MonotonicClock.seconds()) { vehicle, fix in
                try publisher.publish(.gpsFix, subject: vehicle, payload: fix)
                published += 1
            }
        }
        heartbeat.schedule(on: reactor, publisher: publisher) {
            ["fixes": published, "vehiclesSimulated": UInt64(simulator.activeCount)]
        }
        logger.info(
            "simulator ready: control \(configuration.controlEndpoint), routes from \(configuration.subscriberEndpoint)")
        try reactor.run()
    }

    // MARK: Real GPS

    private func runGPS(
        _ source: any GPSFixSource, reactor: Reactor, server: RPCServer, publisher: Publisher,
        heartbeat: HeartbeatPublisher, context: ZMQContext, stop: StopFlag
    ) throws {
        let spec = configuration.source.description
        for method in [Method.simulateLocationsAlongExistingRoute, .simulateLocation, .stopSimulation, .configureSimulator] {
            server.register(method.rawValue) { _ in throw RPCError.readingRealGPS(source: spec) }
        }
        let wakeEndpoint = "inproc://navbus-feeder-gps-\(UInt64.random(in: .min ... .max))"
        let wake = try context.socket(.pair)
        try wake.bind(wakeEndpoint)
        defer { wake.close() }
        let reader = GPSReader(source: source, context: context, wakeEndpoint: wakeEndpoint)
        var failure: String?
        var inputEnded = false
        reactor.onReadable(wake) { [configuration, logger, sourceCounters] in
            while try wake.receiveFrames(dontWait: true) != nil {}
            reader.acknowledgeWake()
            // Read the outcome first: every fix delivered before the reader ended is then in this batch.
            let outcome = reader.result
            for fix in reader.takeFixes() {
                try publisher.publish(.gpsFix, subject: configuration.vehicle, payload: fix)
            }
            switch outcome {
            case nil:
                break
            case .inputEnded:
                logger.info("\(spec): input ended after \(sourceCounters.snapshot().fixes) fixes")
                inputEnded = true
                stop.requestStop()
            case .failed(let reason):
                failure = reason
                stop.requestStop()
            }
        }
        heartbeat.schedule(on: reactor, publisher: publisher) { [sourceCounters] in
            Self.heartbeatCounters(sourceCounters.snapshot(), bus: heartbeat.counters, dropped: reader.droppedFixes)
        }
        logger.info("reading \(spec), publishing gps.fix.v1 for vehicle \(configuration.vehicle)")
        reader.start()
        defer {
            if !reader.stop(timeout: 2) { logger.warning("the GPS reader did not stop within 2 s") }
        }
        try reactor.run()
        if inputEnded {
            // Let the last fixes leave before the sockets close.
            try publisher.socket.setLinger(milliseconds: 2000)
        }
        if let failure { throw FeederError(message: "\(spec): \(failure)") }
    }

    /// The source's counts as heartbeat counters: `fixes`, `malformed` (bus and GPS input together),
    /// `skipped.<reason>` per NMEA error code or gpsd problem, and `reconnects`.
    static func heartbeatCounters(_ source: SourceCounters.Snapshot, bus: BusCounters, dropped: Int) -> [String: UInt64] {
        var counters: [String: UInt64] = [
            "fixes": UInt64(source.fixes),
            "malformed": bus.value("malformed") + UInt64(source.malformed),
            "reconnects": UInt64(max(0, source.connections - 1)),
            "fixesDropped": UInt64(dropped),
        ]
        for (reason, count) in source.skippedByReason { counters["skipped.\(reason)"] = UInt64(count) }
        return counters
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
