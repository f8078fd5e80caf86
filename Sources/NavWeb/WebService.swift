import NavCore
import NavBus
public import NavService
import NavMap
import NavProtocol

/// The `navbus-web` service: subscribes to the bus, keeps the latest state of every vehicle in a ``LiveFleet``,
/// and serves the pages, the map and the event streams over HTTP.
///
/// The bus side runs on one reactor thread (messages, the fleet flush every 100 ms, traffic expiry, heartbeat);
/// the HTTP server has a thread per connection. The two meet only in ``LiveFleet``, whose queues never make the
/// bus thread wait for a browser.
public final class WebService: Service {
    public struct Configuration: Sendable {
        public var subscriberEndpoint: String
        public var publisherEndpoint: String
        public var listen: ListenAddress
        /// The map the navigator loads (`.osm.pbf`, `.osm` or `.navgraph`), for `/map.json` and traffic colours.
        public var mapPath: String?
        public var limits: LiveFleet.Limits

        public init(
            subscriberEndpoint: String, publisherEndpoint: String, listen: ListenAddress, mapPath: String?,
            limits: LiveFleet.Limits = LiveFleet.Limits()
        ) {
            self.subscriberEndpoint = subscriberEndpoint
            self.publisherEndpoint = publisherEndpoint
            self.listen = listen
            self.mapPath = mapPath
            self.limits = limits
        }
    }

    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Serves until the context's stop flag is raised.
    /// - Throws: `MapError` for an unreadable map, ``HTTPServerError`` when the address cannot be bound,
    ///   `ZMQError` when the sockets cannot be set up.
    public func run(_ context: ServiceContext) throws {
        let logger = context.logger
        let counters = context.counters
        var mapJSON: [UInt8]?
        var matcher: (any RouteWayMatcher)?
        if let path = configuration.mapPath {
            let started = MonotonicClock.seconds()
            let graph = try MapLoader.load(path: path)
            mapJSON = MapLayer.json(for: graph)
            matcher = RoadWayMatcher(graph: graph)
            logger.info(
                "map \(path): \(graph.segmentCount) road segments, \(graph.nodeAttributes.count) traffic lights and stop "
                    + "signs, \(mapJSON?.count ?? 0) bytes of map data, ready in "
                    + "\(Int((MonotonicClock.seconds() - started) * 1000)) ms")
        } else {
            logger.warning("no --map: the pages draw routes and vehicles without the road network")
        }
        let fleet = LiveFleet(limits: configuration.limits, matcher: matcher, counters: counters)
        let routes = WebRoutes(fleet: fleet, mapJSON: mapJSON)
        let server = try HTTPServer(address: configuration.listen, connectionLimit: configuration.limits.clients + 32) {
            routes.respond(to: $0)
        }
        defer {
            fleet.closeAll()
            server.stop()
        }
        let zmq = ZMQContext()
        let subscriber = try Subscriber(
            context: zmq, endpoint: configuration.subscriberEndpoint, prefixes: BusInput.prefixes, counters: counters)
        subscriber.onReject = { logger.warning("rejected a message: \($0)") }
        let publisher = try Publisher(
            context: zmq, endpoint: configuration.publisherEndpoint, identity: context.identity, counters: counters)
        let reactor = Reactor(stop: context.stop)
        reactor.onError = { logger.error("\($0)") }
        reactor.onReadable(subscriber.socket) {
            try subscriber.drain { message in
                let input: BusInput?
                do {
                    input = try BusInput(message)
                } catch {
                    counters.add("invalidPayload")
                    logger.warning("ignored a \(message.topicName) payload that does not fit the schema: \(error)")
                    return
                }
                switch input {
                case .vehicle(let vehicleInput):
                    fleet.apply(vehicleInput, vehicle: message.header.subject, at: message.header.time)
                case .traffic(let conditions):
                    fleet.apply(conditions, at: message.header.time)
                case nil:
                    break
                }
            }
        }
        reactor.every(0.1) { fleet.flushFleet() }
        reactor.every(1.0) { fleet.expireTraffic(now: .now()) }
        context.scheduleHeartbeat(on: reactor, publisher: publisher) {
            ["clients": UInt64(fleet.clientCount), "vehicles": UInt64(fleet.vehicleCount)]
        }
        let host = configuration.listen.host
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : (host.contains(":") ? "[\(host)]" : host)
        logger.info("serving http://\(shown):\(server.port)/ (fleet) and /vehicle/ID")
        try reactor.run()
        logger.info(
            "stopped; \(counters.value("clientsConnected")) event streams served, "
                + "\(counters.value("eventsDropped")) events dropped for slow browsers")
    }
}
