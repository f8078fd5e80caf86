import NavCore
public import NavBus

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a user's hook command (`--exec CMD`) through `/bin/sh -c` without waiting for it, with details of the
/// event in extra environment variables.
///
/// The event loop must never wait for a hook, so `run` only starts the child; `reap`, called from a timer,
/// collects the ones that ended. At most `maximumRunning` hooks run at once: a hook that hangs costs later hooks
/// (counted as `hooksSkipped`), never the bus. Counters: `hooksStarted`, `hooksFailed` (could not start, or
/// exited non-zero or by a signal), `hooksSkipped`. Not thread-safe: use it from the event loop's thread.
public final class HookRunner {
    public let command: String
    public let maximumRunning: Int
    private let counters: BusCounters
    private let report: (String) -> Void
    private var running: Set<pid_t> = []

    /// - Parameters:
    ///   - report: receives a line for every hook that failed.
    public init(command: String, maximumRunning: Int = 4, counters: BusCounters, report: @escaping (String) -> Void)
    {
        self.command = command
        self.maximumRunning = maximumRunning
        self.counters = counters
        self.report = report
    }

    /// Hooks started and not yet reaped.
    public var runningCount: Int { running.count }

    /// Starts the hook with `variables` added to this process's environment.
    /// - Returns: whether it started.
    @discardableResult
    public func run(variables: [String: String]) -> Bool {
        reap()
        guard running.count < maximumRunning else {
            counters.add("hooksSkipped")
            report("hook skipped: \(running.count) hooks still running")
            return false
        }
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        environment.merge(variables) { _, new in new }
        let arguments: [UnsafeMutablePointer<CChar>?] = [String](["/bin/sh", "-c", command]).map { strdup($0) }
        let pairs: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            arguments.forEach { free($0) }
            pairs.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", nil, nil, arguments + [nil], pairs + [nil])
        guard status == 0 else {
            counters.add("hooksFailed")
            report("hook could not start: \(String(cString: strerror(status)))")
            return false
        }
        running.insert(pid)
        counters.add("hooksStarted")
        return true
    }

    /// Collects hooks that ended, counting failures. Never waits.
    public func reap() {
        for pid in running {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            guard result != 0 else { continue }
            running.remove(pid)
            guard result == pid else { continue }
            let exitedNormally = status & 0x7f == 0
            let exitCode = (status >> 8) & 0xff
            if !exitedNormally || exitCode != 0 {
                counters.add("hooksFailed")
                report(
                    exitedNormally
                        ? "hook exited with status \(exitCode)" : "hook ended by signal \(status & 0x7f)")
            }
        }
    }

    /// Waits up to `timeout` seconds for running hooks to end, so a stopping process leaves no zombies behind.
    public func waitForRunning(timeout: Double) {
        let deadline = MonotonicClock.seconds() + timeout
        while !running.isEmpty, MonotonicClock.seconds() < deadline {
            reap()
            if !running.isEmpty { usleep(10_000) }
        }
    }
}
