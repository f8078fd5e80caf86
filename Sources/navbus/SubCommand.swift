import NavConsole
import NavCore
import NavBus
import NavProtocol
import NavService
import NavSinks

/// `navbus sub [PREFIX...]`: watch the bus.
enum SubCommand: CLICommand {
    static let connectsToBus = true
    static let name = "sub"
    static let summary = "print live messages (readable lines, or JSON Lines with --json)"
    static let parser = OptionParser(
        command: "navbus sub", summary: summary,
        usage: "navbus sub [PREFIX...] [--vehicle V] [--json] [--count N] [--timeout SECONDS]",
        options: Endpoints.busOptions + [
            Option("vehicle", help: "only messages about this vehicle (repeatable)", valueName: "V", repeats: true),
            Option.flag("json", help: "print one JSON object per line: {\"topic\":..., \"envelope\":{...}}"),
            Option("count", help: "exit after N messages", valueName: "N"),
            Option("timeout", help: "exit after this many seconds", valueName: "SECONDS"),
        ])

    static func run(_ options: ParsedOptions) throws {
        let count = try options.integer("count")
        if let count, count <= 0 { throw UsageError("--count must be positive") }
        let timeout = try options.double("timeout")
        let vehicles = options.values("vehicle")
        let json = options.flag("json")
        let stop = StopFlag()
        let logger = Logger(label: "navbus sub")
        let signals = SignalStop.install(stop, logger: Logger(label: "navbus sub", level: .warning))
        let context = ZMQContext()
        let counters = BusCounters()
        let subscriber = try Subscriber(
            context: context, endpoint: try options.require("sub"), prefixes: options.positional, counters: counters,
            subjects: vehicles.isEmpty ? nil : Set(vehicles), acceptUnknownTopics: true)
        subscriber.onReject = { logger.warning("rejected a message: \($0)") }
        let deadline = timeout.map { MonotonicClock.seconds() + $0 }
        var printed = 0
        let reactor = Reactor(stop: stop)
        reactor.onReadable(subscriber.socket) {
            try subscriber.drain { message in
                if json {
                    StandardOutput.write(LogLine.message(topicName: message.topicName, envelope: message.rawEnvelope))
                } else {
                    StandardOutput.writeLine(MessageFormatter.line(for: message))
                }
                printed += 1
                if let count, printed >= count { stop.requestStop() }
            }
        }
        if let deadline {
            reactor.every(0.05) { if MonotonicClock.seconds() >= deadline { stop.requestStop() } }
        }
        try reactor.run()
        withExtendedLifetime(signals) {}
    }
}
