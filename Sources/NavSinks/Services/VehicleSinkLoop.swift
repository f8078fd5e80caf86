import NavCore
import NavBus
import NavProtocol
import NavService

/// The event loop both per-vehicle sinks share: receive one topic, decode its payload, keep a ``MessageClock`` per
/// vehicle, let message time pass every 100 ms between messages, publish a heartbeat, and own the hook runner.
///
/// The sink supplies what to do with an input and with elapsed time; everything runs on the loop's thread.
final class VehicleSinkLoop<Input: Decodable> {
    let publisher: Publisher
    let hooks: HookRunner?
    private let subscriber: Subscriber
    private let topic: Topic
    private let settings: VehicleSinkSettings
    private let context: ServiceContext
    private let counters: BusCounters
    private let logger: Logger
    // Kept alive for the sockets made from it.
    private let zmq = ZMQContext()

    init(settings: VehicleSinkSettings, topic: Topic, context: ServiceContext) throws {
        let counters = context.counters
        let logger = context.logger
        self.settings = settings
        self.topic = topic
        self.context = context
        self.counters = counters
        self.logger = logger
        subscriber = try Subscriber(
            context: zmq, endpoint: settings.subscriberEndpoint, prefixes: [topic.rawValue],
            counters: counters, subjects: settings.vehicles)
        subscriber.onReject = { logger.warning("rejected a message: \($0)") }
        publisher = try Publisher(
            context: zmq, endpoint: settings.publisherEndpoint, identity: context.identity, counters: counters)
        hooks = settings.hookCommand.map { command in
            HookRunner(command: command, counters: counters) { logger.warning($0) }
        }
    }

    /// Runs until `stop` is requested, then waits briefly for running hooks.
    /// - Parameters:
    ///   - observe: called with the vehicle, the decoded input and its message time.
    ///   - advance: called with a vehicle and its estimated message time between messages.
    ///   - heartbeatExtra: counters added to each heartbeat.
    func run(
        stop: StopFlag, observe: @escaping (String, Input, Timestamp) throws -> Void,
        advance: @escaping (String, Timestamp) throws -> Void, heartbeatExtra: @escaping () -> [String: UInt64]
    ) throws {
        var clock = MessageClock()
        let reactor = Reactor(stop: stop)
        reactor.onError = { [logger] in logger.error("\($0)") }
        reactor.onReadable(subscriber.socket) { [subscriber, topic, counters, logger] in
            try subscriber.drain { message in
                guard message.topic == topic else { return }
                let input: Input
                do {
                    input = try message.decode(Input.self)
                } catch {
                    counters.add("invalidPayload")
                    logger.warning("ignored a \(topic.rawValue) payload that does not fit the schema: \(error)")
                    return
                }
                let vehicle = message.header.subject
                clock.observe(vehicle: vehicle, time: message.header.time, monotonic: MonotonicClock.seconds())
                try observe(vehicle, input, message.header.time)
            }
        }
        reactor.every(0.1) { [hooks] in
            let monotonic = MonotonicClock.seconds()
            for vehicle in clock.vehicles {
                if let now = clock.now(vehicle: vehicle, monotonic: monotonic) { try advance(vehicle, now) }
            }
            hooks?.reap()
        }
        context.scheduleHeartbeat(on: reactor, publisher: publisher, extra: heartbeatExtra)
        try reactor.run()
        hooks?.waitForRunning(timeout: 2)
    }
}
