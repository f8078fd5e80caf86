/// `sys.heartbeat.v1`: a process is alive; published by every process once a second.
public struct Heartbeat: Codable, Sendable, Equatable {
    /// The executable's name, e.g. `navbus-navigator`.
    public var process: String
    /// The instance name, unique among processes of the same executable.
    public var instance: String
    /// The navbus version.
    public var version: String
    /// The operating-system process id.
    public var pid: Int32
    /// Seconds since the process started.
    public var uptimeSeconds: Double
    /// Monotonic message counters since start. Always has the keys in ``Counter/required``; may have more.
    public var counters: [String: UInt64]

    public init(
        process: String, instance: String, version: String, pid: Int32, uptimeSeconds: Double,
        counters: [String: UInt64]
    ) {
        self.process = process
        self.instance = instance
        self.version = version
        self.pid = pid
        self.uptimeSeconds = uptimeSeconds
        self.counters = counters
    }

    /// Names of the counters.
    public enum Counter {
        /// Messages published.
        public static let sent = "sent"
        /// Messages received.
        public static let received = "received"
        /// Messages that could not be sent or queued.
        public static let dropped = "dropped"
        /// Messages received that were not a valid envelope.
        public static let malformed = "malformed"
        /// Messages received on a topic outside the catalogue.
        public static let unknownTopic = "unknownTopic"
        /// Sequence numbers skipped by a source (lost messages).
        public static let sequenceGaps = "sequenceGaps"
        /// Messages received with an envelope or topic version this process does not speak.
        public static let wrongVersion = "wrongVersion"
        /// Messages received over the size limit.
        public static let oversize = "oversize"
        /// The counters every heartbeat carries.
        public static let required = [sent, received, dropped, malformed]
    }
}
