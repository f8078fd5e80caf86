import Foundation
import Synchronization

/// A one-way "please stop" switch shared between a signal handler and the loops and blocking readers that
/// watch it. Polling it is one atomic load; ``wait(seconds:)`` sleeps until it is raised or time runs out.
public final class StopFlag: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let condition = NSCondition()

    public init() {}

    /// Raises the flag and wakes every waiter.
    public func requestStop() {
        condition.lock()
        stopped.store(true, ordering: .releasing)
        condition.broadcast()
        condition.unlock()
    }

    /// Whether ``requestStop()`` was called.
    public var isStopRequested: Bool { stopped.load(ordering: .acquiring) }

    /// Sleeps up to `seconds`, returning early when the flag is raised.
    /// - Returns: `true` when stopped, `false` when the time ran out.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: max(0, seconds))
        condition.lock()
        defer { condition.unlock() }
        while !isStopRequested {
            if !condition.wait(until: deadline) { break }
        }
        return isStopRequested
    }
}
