import Foundation

/// A one-way "please stop" flag shared between a blocking reader thread and whoever owns it (the feeder's
/// SIGTERM handler, an `AsyncStream`'s termination). Waits on it wake up as soon as it is raised.
public final class StopSignal: @unchecked Sendable {
    // Unchecked: every access to `stopped` happens under `condition`'s lock.
    private let condition = NSCondition()
    private var stopped = false

    public init() {}

    /// Raises the signal; readers return within their poll interval (a fraction of a second).
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    /// Sleeps up to `seconds`, returning early when the signal is raised.
    /// - Returns: `true` when stopped, `false` when the time ran out.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: max(0, seconds))
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if !condition.wait(until: deadline) { break }
        }
        return stopped
    }
}
