/// `sys.heartbeat.v1`: every process says once a second that it is alive, and how it is doing.
public struct Heartbeat: Codable, Sendable, Equatable {
    /// The executable, e.g. `navbus-navigator`.
    public var process: String
    /// The instance name, unique among running processes of the same executable.
    public var instance: String
    public var version: String
    public var pid: Int32
    public var uptimeSeconds: Double
    /// Always `sent`, `received`, `dropped`, `malformed`; each process adds its own.
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
}
