import Synchronization

/// Thread-safe counters a running source updates and the feeder reads for its heartbeat.
public final class SourceCounters: Sendable {
    /// A consistent copy of the counters.
    public struct Snapshot: Sendable, Equatable {
        /// Fixes delivered.
        public var fixes = 0
        /// Input skipped as malformed (bad NMEA lines, unparsable JSON, GPX points without coordinates).
        public var malformed = 0
        /// Skipped input by reason (NMEA error codes, `json`, …), including harmless unsupported sentences.
        public var skippedByReason: [String: Int] = [:]
        /// Successful connections or device openings (more than one means reconnects).
        public var connections = 0
    }

    private let value = Mutex(Snapshot())

    public init() {}

    /// The current counts.
    public func snapshot() -> Snapshot {
        value.withLock { $0 }
    }

    func update(_ change: (inout Snapshot) -> Void) {
        value.withLock { change(&$0) }
    }

    func countFix() { update { $0.fixes += 1 } }

    func countSkipped(_ reason: String, malformed: Bool, times: Int = 1) {
        guard times > 0 else { return }
        update {
            $0.skippedByReason[reason, default: 0] += times
            if malformed { $0.malformed += times }
        }
    }
}
