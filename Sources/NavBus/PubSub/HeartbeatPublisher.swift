import NavCore
public import NavProtocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The release of navbus every process reports in its heartbeat.
public enum NavbusVersion {
    public static let current = "0.1.0"
}

/// Publishes `sys.heartbeat.v1` for a process from its reactor, once a second.
public struct HeartbeatPublisher {
    public let process: String
    public let identity: SourceIdentity
    public let counters: BusCounters
    private let started = MonotonicClock.seconds()

    public let version: String

    public init(
        process: String, identity: SourceIdentity, counters: BusCounters, version: String = NavbusVersion.current
    ) {
        self.process = process
        self.identity = identity
        self.counters = counters
        self.version = version
    }

    /// The heartbeat payload now.
    public func heartbeat(extra: [String: UInt64] = [:]) -> Heartbeat {
        Heartbeat(
            process: process, instance: identity.instance, version: version, pid: getpid(),
            uptimeSeconds: MonotonicClock.seconds() - started,
            counters: counters.snapshot().merging(extra) { _, new in new })
    }

    /// Registers the once-a-second heartbeat on `reactor`, sent through `publisher`.
    public func schedule(on reactor: Reactor, publisher: Publisher, extra: @escaping () -> [String: UInt64] = { [:] }) {
        reactor.every(1.0) {
            publisher.drainSubscriptions()
            try publisher.publish(.heartbeat, subject: "\(process)/\(identity.instance)", payload: heartbeat(extra: extra()))
        }
    }
}
