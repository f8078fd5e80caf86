#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
public import NavCore
public import NavProtocol

/// The clock replays are paced by. Injected so tests check replay timing without waiting.
public protocol PlaybackClock: Sendable {
    /// Monotonic seconds from an arbitrary origin.
    func now() -> Double
    /// Wall-clock time, used when replayed fixes are restamped to the present.
    func wallTime() -> Timestamp
    /// Blocks until `deadline` (in ``now()`` seconds) or until `stop` is raised.
    /// - Returns: `false` when stopped.
    func sleep(until deadline: Double, stop: StopFlag) -> Bool
}

/// The real clock: `CLOCK_MONOTONIC` and interruptible sleeps.
public struct SystemPlaybackClock: PlaybackClock {
    public init() {}

    public func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    public func wallTime() -> Timestamp { .now() }

    public func sleep(until deadline: Double, stop: StopFlag) -> Bool {
        let remaining = deadline - now()
        if remaining <= 0 { return !stop.isStopRequested }
        return !stop.wait(seconds: remaining)
    }
}
