import NavCore
import Foundation
import NavBus
import NavProtocol
import NavService
import NavSinks

/// `navbus replay FILE`: republish a recorded log with its original timing, for testing consumers.
enum ReplayCommand: CLICommand {
    static let connectsToBus = true
    static let name = "replay"
    static let summary = "republish a recorded JSON Lines log with its original timing (for testing consumers)"
    static let parser = OptionParser(
        command: "navbus replay", summary: summary,
        usage: """
            navbus replay FILE... [--rate X] [--loop] [--restamp]

            Each FILE holds lines {"topic":...,"envelope":{...}} as navbus-logger and 'navbus sub --json' write them.
            Several files (e.g. navbus-logs/navbus-2026-11-29-*.jsonl) play one after the other as one recording.
            Messages are sent at the spacing of their envelope times divided by --rate, each envelope exactly as
            recorded; the logger's own records (navbus.logger.*) are skipped.
            Subscribers drop messages whose source and sequence they have already seen, so a second pass of
            --loop reaches them only with --restamp, which moves each pass's envelope times forward: the first pass
            starts now and each later pass right after the previous one, keeping the recorded spacing.
            """,
        options: Endpoints.busOptions.filter { $0.name == "pub" } + [
            Option("rate", default: "1", help: "speed-up factor: 2 plays twice as fast", valueName: "X"),
            Option.flag("loop", help: "start again at the end, until interrupted"),
            Option.flag("restamp", help: "move envelope times forward so that passes follow each other in time"),
            Option("wait", default: "5", help: "seconds to wait for the proxy before giving up", valueName: "SECONDS"),
        ])

    static func run(_ options: ParsedOptions) throws {
        guard !options.positional.isEmpty else {
            throw UsageError("expected a log file, e.g. navbus replay navbus-logs/navbus-2026-11-29-001.jsonl")
        }
        guard let rate = try options.double("rate"), rate > 0 else {
            throw UsageError("--rate must be a positive number, e.g. --rate 10")
        }
        guard let wait = try options.double("wait"), wait >= 0 else {
            throw UsageError("--wait must be a number of seconds, at least 0")
        }
        var lines: [(file: String, number: Int, bytes: ArraySlice<UInt8>)] = []
        for path in options.positional {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw CLIError("cannot read \(path)")
            }
            let fileLines = [UInt8](contents).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            lines += fileLines.enumerated().map { (path, $0.offset + 1, $0.element) }
        }
        let logger = Logger(label: "navbus replay")
        let stop = StopFlag()
        let signals = SignalStop.install(stop, logger: Logger(label: "navbus replay", level: .warning))
        let endpoint = try options.require("pub")
        let publisher = try Publisher(
            context: ZMQContext(), endpoint: endpoint, identity: SourceIdentity(role: "replay"),
            counters: BusCounters())
        // Room to deliver the last messages after the loop ends.
        try publisher.socket.setLinger(milliseconds: 2000)
        guard publisher.waitUntilConnected(timeoutMilliseconds: Int(wait * 1000)) else {
            throw CLIError("no proxy answered at \(endpoint) within \(wait) s; is navbus-proxy running?")
        }
        let restamp = options.flag("restamp")
        var lastSentTime: Timestamp?
        var pacing = ReplayPacing(rate: rate)
        var sent = 0
        var dropped = 0
        var invalid = 0
        repeat {
            pacing.restart()
            let passStart = MonotonicClock.seconds()
            var shift: Double?
            for line in lines where !stop.isStopRequested {
                let message: RecordedMessage
                do {
                    guard let parsed = try RecordedMessage.parse(line: Array(line.bytes)) else { continue }
                    message = parsed
                } catch {
                    invalid += 1
                    logger.warning("\(line.file):\(line.number): skipped: \(error)")
                    continue
                }
                let due = passStart + pacing.offset(for: message.time)
                while !stop.isStopRequested, MonotonicClock.seconds() < due {
                    publisher.drainSubscriptions()
                    let left = due - MonotonicClock.seconds()
                    if left > 0 { usleep(UInt32(min(left, 0.1) * 1_000_000)) }
                }
                if stop.isStopRequested { break }
                var outgoing = message
                if restamp {
                    let offset = shift ?? Self.passShift(firstTime: message.time, after: lastSentTime)
                    shift = offset
                    outgoing = try message.restamped(shiftingTimeBy: offset)
                }
                if try publisher.publishRaw(topicName: outgoing.topicName, envelope: outgoing.envelope) {
                    sent += 1
                    lastSentTime = max(lastSentTime ?? outgoing.time, outgoing.time)
                } else {
                    dropped += 1
                }
            }
        } while options.flag("loop") && !stop.isStopRequested && sent > 0
        logger.info(
            "replayed \(sent) messages" + (dropped > 0 ? ", \(dropped) dropped (queue full)" : "")
                + (invalid > 0 ? ", \(invalid) lines skipped" : ""))
        withExtendedLifetime(signals) {}
    }

    /// How far to move a pass whose first message is stamped `firstTime`: to now, or just after the previous
    /// pass's latest time when that is later (a replay faster than recorded runs ahead of the clock).
    static func passShift(firstTime: Timestamp, after lastSentTime: Timestamp?) -> Double {
        var start = Timestamp.now()
        if let lastSentTime, lastSentTime >= start { start = lastSentTime.adding(seconds: 0.001) }
        return start.seconds(since: firstTime)
    }
}
