import NavCore
import NavBus
import NavProtocol
public import NavService

/// The `navbus-navigator` process: a ``Navigator`` on the bus.
///
/// One reactor thread owns every socket — the subscriber for `gps.fix.v1` and `traffic.conditions.v1`,
/// the JSON-RPC server and the publisher — and the navigator, so sessions need no locks and events leave
/// in the order they happened.
public final class NavigatorService: Service {
    /// Where the service connects and how it is tuned.
    public struct Configuration: Sendable {
        /// The proxy's publisher side (`NAVBUS_PUB_ENDPOINT`).
        public var publisherEndpoint: String
        /// The proxy's subscriber side (`NAVBUS_SUB_ENDPOINT`).
        public var subscriberEndpoint: String
        /// Where the control API binds (`NAVBUS_NAVIGATOR_ENDPOINT`).
        public var controlEndpoint: String
        /// Where sessions are saved; `nil` keeps them in memory only.
        public var stateDirectory: String?
        /// Timeouts and intervals of the navigator.
        public var settings: Navigator.Settings

        /// Creates a configuration.
        public init(
            publisherEndpoint: String, subscriberEndpoint: String, controlEndpoint: String,
            stateDirectory: String? = nil, settings: Navigator.Settings = Navigator.Settings()
        ) {
            self.publisherEndpoint = publisherEndpoint
            self.subscriberEndpoint = subscriberEndpoint
            self.controlEndpoint = controlEndpoint
            self.stateDirectory = stateDirectory
            self.settings = settings
        }
    }


    private let configuration: Configuration
    private let map: NavigatorMap

    /// Creates the service; nothing is opened until ``run(_:)``.
    public init(configuration: Configuration, map: NavigatorMap) {
        self.configuration = configuration
        self.map = map
    }

    /// Serves until the context's stop flag is raised, then saves unsaved progress and closes the sockets.
    /// - Throws: `ZMQError` when an endpoint is malformed or taken, ``SessionStoreError`` when the state
    ///   directory is unusable.
    public func run(_ service: ServiceContext) throws {
        let context = ZMQContext()
        let identity = service.identity
        let counters = service.counters
        let logger = service.logger
        let publisher = try Publisher(
            context: context, endpoint: configuration.publisherEndpoint, identity: identity, counters: counters)
        let subscriber = try Subscriber(
            context: context, endpoint: configuration.subscriberEndpoint,
            prefixes: [Topic.gpsFix.rawValue, Topic.trafficConditions.rawValue], counters: counters)
        let server = try RPCServer(context: context, endpoint: configuration.controlEndpoint, counters: counters)
        defer {
            for socket in [publisher.socket, subscriber.socket, server.socket] { socket.close() }
        }
        let navigator = try Navigator(
            map: map, settings: configuration.settings, stateDirectory: configuration.stateDirectory,
            counters: counters, log: { logger.warning($0) }
        ) { event in
            do {
                // A full queue is counted as dropped by the publisher itself.
                _ = try event.withPayload { payload in
                    try publisher.publish(event.topic, subject: event.vehicle, payload: payload)
                }
            } catch {
                counters.add("dropped")
                logger.warning("cannot publish \(event.topic.rawValue) for \(event.vehicle): \(error)")
            }
        }
        register(navigator, on: server)
        subscriber.onReject = { rejection in logger.debug("rejected a message: \(rejection)") }

        let reactor = Reactor(stop: service.stop)
        reactor.onError = { error in logger.warning("\(error)") }
        reactor.onReadable(subscriber.socket) {
            // A bounded batch, so that under a steady stream of fixes the loop still gets to its timers
            // (heartbeat, saves, expiry) and to control calls.
            try subscriber.drain { message in
                switch message.topic {
                case .gpsFix:
                    do {
                        navigator.process(try message.decode(GPSFix.self), vehicle: message.header.subject)
                    } catch {
                        counters.add("malformedFixes")
                        logger.debug("malformed fix from \(message.header.source): \(error)")
                    }
                case .trafficConditions:
                    do {
                        navigator.updateTraffic(try message.decode(TrafficConditions.self))
                        counters.add("trafficUpdates")
                    } catch {
                        counters.add("malformedTraffic")
                        logger.warning("malformed traffic conditions from \(message.header.source): \(error)")
                    }
                default:
                    break
                }
            }
        }
        server.serve(on: reactor)
        reactor.every(1.0) { navigator.tick() }
        service.scheduleHeartbeat(on: reactor, publisher: publisher) { ["sessions": UInt64(navigator.sessionCount)] }

        logger.info(
            "serving \(configuration.controlEndpoint); fixes from \(configuration.subscriberEndpoint); "
                + "\(navigator.sessionCount) sessions")
        try reactor.run()
        navigator.flush()
        logger.info("stopped after \(counters.value("fixesProcessed")) fixes")
    }

    private func register(_ navigator: Navigator, on server: RPCServer) {
        server.register(Method.setDestinations.rawValue, params: SetDestinationsParams.self) {
            navigator.setDestinations($0)
        }
        server.register(Method.continueToNextDestination.rawValue, params: VehicleParams.self) {
            navigator.continueToNextDestination($0)
        }
        server.register(Method.clearDestinations.rawValue, params: VehicleParams.self) {
            navigator.clearDestinations($0)
        }
        server.register(Method.setGuidanceActive.rawValue, params: SetGuidanceActiveParams.self) {
            navigator.setGuidanceActive($0)
        }
        server.register(Method.configureNavigator.rawValue, params: ConfigureNavigatorParams.self) { params in
            do {
                return try navigator.configure(params)
            } catch {
                throw RPCError.invalidParams("\(error)")
            }
        }
        server.register(Method.getState.rawValue, params: VehicleParams.self) { navigator.state($0) }
        server.register(Method.startUpdatingLocation.rawValue, params: VehicleParams.self) {
            navigator.setUpdatingLocation(true, $0)
        }
        server.register(Method.stopUpdatingLocation.rawValue, params: VehicleParams.self) {
            navigator.setUpdatingLocation(false, $0)
        }
        server.register(Method.route.rawValue, params: NavProtocol.RouteRequest.self) { navigator.route($0) }
    }
}
