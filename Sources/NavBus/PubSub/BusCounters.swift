import Synchronization

/// Named event counters of a process, reported in its `sys.heartbeat.v1`.
///
/// Every process reports at least `sent`, `received`, `dropped` and `malformed`; components add their own
/// (`unknownTopic`, `wrongVersion`, `oversize`, `sequenceGaps`, `duplicates`, `rpcErrors`, ...).
public final class BusCounters: Sendable {
    public static let required = ["sent", "received", "dropped", "malformed"]

    private let values = Mutex<[String: UInt64]>(Dictionary(uniqueKeysWithValues: required.map { ($0, 0) }))

    public init() {}

    public func add(_ name: String, _ amount: UInt64 = 1) {
        values.withLock { $0[name, default: 0] &+= amount }
    }

    public func value(_ name: String) -> UInt64 {
        values.withLock { $0[name] ?? 0 }
    }

    /// A consistent copy of every counter.
    public func snapshot() -> [String: UInt64] {
        values.withLock { $0 }
    }
}
