import Foundation

/// Thread-safe counters a running source updates and the feeder reads for its heartbeat.
public final class SourceCounters: @unchecked Sendable {
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

    // Unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = Snapshot()

    public init() {}

    /// The current counts.
    public func snapshot() -> Snapshot {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func update(_ change: (inout Snapshot) -> Void) {
        lock.lock()
        change(&value)
        lock.unlock()
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
