#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
public import NavCore
public import NavProtocol

/// Live NMEA 0183 from a serial port, a TCP server (an NMEA multiplexer, a phone app) or standard input.
///
/// Serial ports are set to raw 8N1 at the given baud rate and reopened with back-off when the device
/// disappears (a USB adapter unplugged); TCP reconnects likewise; standard input ends the run at EOF.
/// A live receiver reports the present, so fixes whose sentences never state a date (GGA-only receivers) are
/// dated by the system clock's day nearest to their time of day; a date the receiver states always wins.
/// (Recorded logs go through ``NMEAFileReplay``, which never dates a fix from a clock.)
public struct NMEAStreamSource: GPSFixSource {
    /// Where the bytes come from.
    public enum Input: Sendable, Equatable {
        case serial(path: String, baud: Int)
        case tcp(host: String, port: Int)
        case standardInput
    }

    public let input: Input
    public var parser: NMEAParser
    public var backoff: ReconnectBackoff
    public let counters: SourceCounters
    private let logger: Logger

    /// - Parameters:
    ///   - input: the device, server or stdin.
    ///   - parser: checksum policy.
    ///   - backoff: waits between reconnect attempts.
    ///   - counters: updated with fixes and skipped lines by reason.
    ///   - logger: connection events.
    public init(
        input: Input, parser: NMEAParser = NMEAParser(), backoff: ReconnectBackoff = ReconnectBackoff(),
        counters: SourceCounters = SourceCounters(), logger: Logger = .silent
    ) {
        self.input = input
        self.parser = parser
        self.backoff = backoff
        self.counters = counters
        self.logger = logger
    }

    public func run(stop: StopFlag, deliver: (GPSFix) -> Void) throws {
        var reader: ReconnectingReader
        switch input {
        case .serial(let path, let baud):
            reader = ReconnectingReader(
                name: "NMEA \(path)", open: { try POSIXDescriptor.openSerial(path: path, baud: baud) }, logger: logger,
                counters: counters)
        case .tcp(let host, let port):
            reader = ReconnectingReader(
                name: "NMEA tcp://\(host):\(port)",
                open: { try POSIXDescriptor.connectTCP(host: host, port: port, timeout: 5) }, logger: logger,
                counters: counters)
        case .standardInput:
            reader = ReconnectingReader(name: "NMEA stdin", open: { STDIN_FILENO }, logger: logger, counters: counters)
            reader.reconnects = false
            reader.closesDescriptor = false
        }
        reader.backoff = backoff
        var decoder = makeDecoder()
        var reported = NMEAStatistics()
        let counters = self.counters
        func publish(_ fixes: [GPSFix]) {
            for fix in fixes {
                counters.countFix()
                deliver(fix)
            }
            let statistics = decoder.statistics
            for (code, count) in statistics.rejected {
                let new = count - reported.rejected[code, default: 0]
                counters.countSkipped(code.rawValue, malformed: code != .unsupportedSentence, times: new)
            }
            reported = statistics
        }
        try reader.run(
            stop: stop,
            onBytes: { publish(decoder.decode($0)) },
            onEnd: {
                publish(decoder.finish())
                decoder = makeDecoder()
                reported = NMEAStatistics()
            })
    }

    private func makeDecoder() -> NMEADecoder {
        NMEADecoder(parser: parser, assembler: NMEAFixAssembler(dateFallback: { Timestamp.now() }))
    }
}
