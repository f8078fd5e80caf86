public import NavCore
import Foundation
public import NavProtocol

/// Replays an NMEA 0183 log file by the timestamps of its sentences. Logs without RMC sentences carry no
/// date; their fixes are dated by the replay clock's current day.
public struct NMEAFileReplay: GPSFixSource {
    public let path: String
    public var parser: NMEAParser
    public var replayer: FixReplayer
    public let counters: SourceCounters
    private let logger: Logger

    /// - Parameters:
    ///   - path: the log file.
    ///   - parser: checksum policy.
    ///   - replayer: pacing and clock.
    ///   - counters: updated with fixes and skipped lines by reason.
    ///   - logger: a summary of skipped lines.
    public init(
        path: String, parser: NMEAParser = NMEAParser(), replayer: FixReplayer = FixReplayer(),
        counters: SourceCounters = SourceCounters(), logger: Logger = .silent
    ) {
        self.path = path
        self.parser = parser
        self.replayer = replayer
        self.counters = counters
        self.logger = logger
    }

    /// - Throws: ``SourceError`` `.io` when the file cannot be read.
    public func run(stop: StopFlag, deliver: (GPSFix) -> Void) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceError(.io, "cannot read NMEA log \(path)")
        }
        // A log of GGA without any RMC never states its date; it is taken to be from today.
        let clock = replayer.clock
        var decoder = NMEADecoder(parser: parser, assembler: NMEAFixAssembler(dateFallback: { clock.wallTime() }))
        let fixes = decoder.decode(data) + decoder.finish()
        for (code, count) in decoder.statistics.rejected {
            counters.countSkipped(code.rawValue, malformed: code != .unsupportedSentence, times: count)
        }
        let malformed = decoder.statistics.malformed
        if malformed > 0 { logger.warning("NMEA log \(path): skipped \(malformed) malformed lines") }
        logger.info("NMEA log \(path): replaying \(fixes.count) fixes")
        let counters = counters
        replayer.replay(fixes, stop: stop) { fix in
            counters.countFix()
            deliver(fix)
        }
    }
}
