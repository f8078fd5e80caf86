import Foundation
import NavBus
import NavProtocol
import NavService
import NavSinks

/// `navbus replay FILE`: republish a recorded log with its original timing, for testing consumers.
enum ReplayCommand: CLICommand {
    static let name = "replay"
    static let summary = "republish a recorded JSON Lines log with its original timing (for testing consumers)"
    static let parser = OptionParser(
        command: "navbus replay", summary: summary,
        usage: """
            navbus replay FILE [--rate X] [--loop] [--restamp]

            FILE holds lines {"topic":...,"envelope":{...}} as navbus-logger and 'navbus sub --json' write them.
            Messages are sent at the spacing of their envelope times divided by --rate, each envelope exactly as
            recorded; the logger's own records (navbus.logger.*) are skipped.
            Subscribers drop messages whose source and sequence they have already seen, so a second pass of
            --loop reaches them only with --restamp, which moves each pass's envelope times to the present.
            """,
        options: Endpoints.busOptions + [
            Option("rate", default: "1", help: "speed-up factor: 2 plays twice as fast", valueName: "X"),
            Option.flag("loop", help: "start again at the end, until interrupted"),
            Option.flag("restamp", help: "shift envelope times so the first message of each pass is stamped now"),
            Option("wait", default: "5", help: "seconds to wait for the proxy before giving up", valueName: "SECONDS"),
        ])

    static func run(_ options: ParsedOptions) throws {
        guard options.positional.count == 1 else {
            throw UsageError("expected one log file, e.g. navbus replay navbus-logs/navbus-2026-11-29-001.jsonl")
        }
        let path = options.positional[0]
        guard let rate = try options.double("rate"), rate > 0 else {
            throw UsageError("--rate must be a positive number, e.g. --rate 10")
        }
        guard let wait = try options.double("wait"), wait >= 0 else {
            throw UsageError("--wait must be a number of seconds, at least 0")
        }
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw CLIError("cannot read \(path)")
        }
        let lines = [UInt8](contents).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let logger = Logger(label: "navbus replay")
        let stop = StopFlag()
        let signals = SignalStop.install(stop, logger: Logger(label: "navbus replay", level: .warning))
        let endpoint = try options.require("pub")
        let publisher = try Publisher(
            context: ZMQContext(), endpoint: endpoint, identity: SourceIdentity(role: "replay"),
            counters: BusCounters())
        guard publisher.waitUntilConnected(timeoutMilliseconds: Int(wait * 1000)) else {
            throw CLIError("no proxy answered at \(endpoint) within \(wait) s; is navbus-proxy running?")
        }
        let restamp = options.flag("restamp")
        var pacing = ReplayPacing(rate: rate)
        var sent = 0
        var dropped = 0
        var invalid = 0
        repeat {
            pacing.restart()
            let passStart = MonotonicClock.seconds()
            var shift: Double?
            for (number, line) in lines.enumerated() where !stop.isStopRequested {
                let message: RecordedMessage
                do {
                    guard let parsed = try RecordedMessage.parse(line: Array(line)) else { continue }
                    message = parsed
                } catch {
                    invalid += 1
                    logger.warning("\(path):\(number + 1): skipped: \(error)")
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
                    let offset = shift ?? Timestamp.now().seconds(since: message.time)
                    shift = offset
                    outgoing = try message.restamped(shiftingTimeBy: offset)
                }
                if try publisher.publishRaw(topicName: outgoing.topicName, envelope: outgoing.envelope) {
                    sent += 1
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
}
