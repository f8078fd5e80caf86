import NavCore
import NavBus
public import NavService
import NavProtocol

/// The `navbus-logger` service: records bus messages as JSON Lines (see ``LogLine``) without ever slowing the bus.
///
/// The receive loop only turns each message into a line and offers it to a bounded queue; a writer thread
/// (``LogWriter``) does all file work. When the queue is full the line is dropped and counted as `dropped` in the
/// heartbeat. After a burst it gives the freed memory back to the system (``HeapRelease``). It also detects sequence
/// gaps per stream (see ``SequenceGapDetector``) in what it records, and writes a `navbus.logger.gap` record for each
/// (counted as `gapRecords`).
public final class BusLogger: Service {
    public struct Configuration: Sendable {
        public var subscriberEndpoint: String
        public var publisherEndpoint: String
        /// Topic prefixes to record; empty records everything.
        public var prefixes: [String]
        /// Lines the queue between the receive loop and the writer holds.
        public var queueCapacity: Int
        /// Bytes the queue holds at most, whatever the number of lines.
        public var queueByteLimit: Int

        public init(
            subscriberEndpoint: String, publisherEndpoint: String, prefixes: [String],
            queueCapacity: Int = 65_536, queueByteLimit: Int = 64 << 20
        ) {
            self.subscriberEndpoint = subscriberEndpoint
            self.publisherEndpoint = publisherEndpoint
            self.prefixes = prefixes
            self.queueCapacity = queueCapacity
            self.queueByteLimit = queueByteLimit
        }
    }

    public let configuration: Configuration
    private let output: any LogOutput

    public init(configuration: Configuration, output: any LogOutput) {
        self.configuration = configuration
        self.output = output
    }

    /// Records until the context's stop flag is raised, then writes out everything queued.
    /// - Throws: `ZMQError` when the sockets cannot be set up.
    public func run(_ context: ServiceContext) throws {
        try record(into: output, context)
    }

    private func record(into output: some LogOutput, _ service: ServiceContext) throws {
        let counters = service.counters
        let stop = service.stop
        let context = ZMQContext()
        let subscriber = try Subscriber(
            context: context, endpoint: configuration.subscriberEndpoint, prefixes: configuration.prefixes,
            counters: counters, acceptUnknownTopics: true)
        let publisher = try Publisher(
            context: context, endpoint: configuration.publisherEndpoint, identity: service.identity,
            counters: counters)
        let logger = service.logger
        // A flood of garbage must not become a flood of log lines: one summary per interval.
        let rejections = WarningSummary(label: "rejected", logger: logger)
        let gapWarnings = WarningSummary(label: "sequence gaps", logger: logger)
        let heap = HeapRelease()
        subscriber.onReject = {
            heap.note()
            rejections.note("\($0)")
        }
        let queue = BoundedQueue<[UInt8]>(
            capacity: configuration.queueCapacity, weightLimit: configuration.queueByteLimit, weight: { $0.count })
        let writer = LogWriter(queue: queue, output: output, counters: counters) { logger.error($0) }
        let writerThread = writer.start()
        func enqueue(_ line: [UInt8]) {
            if !queue.offer(line) { counters.add("dropped") }
        }
        var gaps = SequenceGapDetector()
        let reactor = Reactor(stop: stop)
        reactor.onError = { logger.error("\($0)") }
        func record(_ message: BusMessage) {
            heap.note()
            if !message.isSnapshot, let gap = gaps.observe(message.header, topic: message.topicName) {
                counters.add("gapRecords")
                gapWarnings.note(
                    "\(gap.missed) message(s) of \(gap.topic) about \(gap.subject) from \(gap.source) missing")
                enqueue(LogLine.gap(gap, detectedAt: .now()))
            }
            enqueue(LogLine.message(topicName: message.topicName, envelope: message.rawEnvelope))
        }
        reactor.onReadable(subscriber.socket) { try subscriber.drain(record) }
        reactor.every(WarningSummary.defaultInterval) {
            rejections.flush()
            gapWarnings.flush()
        }
        // A flood leaves the allocator holding its peak; give it back once the writer has caught up.
        reactor.every(1) { heap.releaseIfDue(backlog: queue.count) }
        service.scheduleHeartbeat(on: reactor, publisher: publisher) {
            ["queued": UInt64(queue.count), "sourceRestarts": gaps.restarts]
        }
        logger.info(
            "recording \(configuration.prefixes.isEmpty ? "every topic" : configuration.prefixes.joined(separator: ", "))")
        try reactor.run()
        // What already arrived is recorded too, so stopping loses nothing the logger had received.
        _ = try? subscriber.drain(limit: 65_536, record)
        if !writerThread.finish(timeout: 10) {
            logger.error("the writer did not finish within 10 s; the last lines may be lost")
        }
        logger.info(
            "stopped; \(counters.value("written")) lines written, \(counters.value("dropped")) dropped, "
                + "\(counters.value("gapRecords")) gaps recorded")
    }
}
