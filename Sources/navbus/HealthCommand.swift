import NavCore
import NavBus
import NavProtocol
import NavService

/// `navbus health`: a heartbeat check on the bus, for container health checks and scripts.
enum HealthCommand: CLICommand {
    static let connectsToBus = true
    static let name = "health"
    static let summary = "exit 0 when a process's heartbeat is seen on the bus within the timeout"
    static let parser = OptionParser(
        command: "navbus health", summary: summary,
        usage: "navbus health [--process navbus-navigator] [--timeout SECONDS]",
        options: Endpoints.busOptions + [
            Option("process", help: "the executable whose heartbeat to wait for (default: any)", valueName: "NAME"),
            Option("timeout", default: "5", help: "seconds to wait", valueName: "SECONDS"),
        ])

    static func run(_ options: ParsedOptions) throws {
        guard let timeout = try options.double("timeout"), timeout > 0 else {
            throw UsageError("--timeout must be a positive number of seconds")
        }
        let wanted = options.value("process")
        let subscriber = try Subscriber(
            context: ZMQContext(), endpoint: try options.require("sub"), prefixes: [Topic.heartbeat.rawValue],
            // Only a fresh heartbeat proves a process alive: the cache's old ones are not asked for.
            counters: BusCounters(), snapshot: false)
        let deadline = MonotonicClock.seconds() + timeout
        try subscriber.socket.setReceiveTimeout(milliseconds: 100)
        while MonotonicClock.seconds() < deadline {
            guard let message = try subscriber.receive(), let heartbeat = try? message.decode(Heartbeat.self) else {
                continue
            }
            // A replayed heartbeat from the cache may be stale; only a fresh one proves the process is alive.
            guard Timestamp.now().seconds(since: message.header.time) < 3 else { continue }
            if wanted == nil || heartbeat.process == wanted {
                StandardOutput.writeLine(
                    "\(heartbeat.process) \(heartbeat.instance) alive, up \(Int(heartbeat.uptimeSeconds)) s; "
                        + Self.lossSummary(heartbeat.counters))
                return
            }
        }
        throw CLIError("no heartbeat from \(wanted ?? "any process") on \(try options.require("sub")) within \(timeout) s")
    }

    /// Counters of messages lost on the way, with where each is counted (RELIABILITY.md): always shown, so a
    /// zero is an answer too; what was kept back and sent again after a proxy outage follows when nonzero.
    static let lossCounters = ["dropped", "sequenceGaps", "backlogDropped", "writeErrors"]
    static let recoveryCounters = ["proxyOutages", "backlogged", "resent", "duplicates", "malformed"]

    static func lossSummary(_ counters: [String: UInt64]) -> String {
        let lost = lossCounters.map { "\($0) \(counters[$0] ?? 0)" }
        let recovered = recoveryCounters.compactMap { name in counters[name].flatMap { $0 > 0 ? "\(name) \($0)" : nil } }
        return "lost: " + lost.joined(separator: ", ") + (recovered.isEmpty ? "" : "; " + recovered.joined(separator: ", "))
    }
}
