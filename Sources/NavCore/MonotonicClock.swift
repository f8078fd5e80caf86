#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Time that never jumps, for timers, timeouts and durations (wall-clock time is only for timestamps).
public enum MonotonicClock {
    public static func seconds() -> Double {
        let spec = now()
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    public static func milliseconds() -> Int64 {
        let spec = now()
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    public static func nanoseconds() -> UInt64 {
        let spec = now()
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    private static func now() -> timespec {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return spec
    }
}
