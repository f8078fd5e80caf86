/// Keeps a vehicle's guidance moving when its fix times jump.
///
/// The engine ignores a fix older than the latest it accepted, so that reordered fixes never move time
/// backwards. On its own that rule lets one fix from the future (a GPS glitch, a hand-made message) freeze the
/// vehicle until the clock catches up, possibly for ever. The navigator refuses fixes too far ahead of its own
/// clock, and this guard handles the rest: when fixes keep arriving older than the engine's clock and in order
/// among themselves, the jump was the glitch, not them, and the clock follows them again.
struct FixClockGuard: Sendable, Equatable {
    enum Verdict: Equatable {
        case accept
        /// Older than the engine's clock: a reordered or repeated fix.
        case ignoreOutOfOrder
        /// The engine's clock must restart before this fix is applied.
        case restartClock
    }

    /// Consecutive in-order fixes older than the engine's clock that make it restart.
    static let fixesToRestart = 3

    private var olderRun = 0
    private var lastOlder: Double?

    mutating func assess(time: Double, engineTime: Double?) -> Verdict {
        guard let engineTime, time < engineTime else {
            olderRun = 0
            lastOlder = nil
            return .accept
        }
        if let lastOlder, time > lastOlder {
            olderRun += 1
        } else {
            olderRun = 1
        }
        lastOlder = time
        guard olderRun >= Self.fixesToRestart else { return .ignoreOutOfOrder }
        olderRun = 0
        lastOlder = nil
        return .restartClock
    }
}
