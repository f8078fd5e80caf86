import NavCore
import Foundation
import NavProtocol
import NavSources

/// A playback clock that never waits: sleeping jumps its time to the deadline and records it.
final class ManualPlaybackClock: PlaybackClock, @unchecked Sendable {
    // Unchecked: all state is guarded by `lock`.
    private let lock = NSLock()
    private var current = 1000.0
    private var recorded: [Double] = []
    let wall: Timestamp

    init(wall: Timestamp = Timestamp(secondsSince1970: 1_900_000_000)) {
        self.wall = wall
    }

    /// Deadlines slept until, relative to the clock's start.
    var sleeps: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return recorded.map { $0 - 1000 }
    }

    func now() -> Double {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func wallTime() -> Timestamp { wall }

    func sleep(until deadline: Double, stop: StopFlag) -> Bool {
        lock.lock()
        recorded.append(deadline)
        current = max(current, deadline)
        lock.unlock()
        return !stop.isStopRequested
    }
}
