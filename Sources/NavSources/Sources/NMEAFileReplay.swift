public import NavCore
import Foundation
public import NavProtocol

/// Replays an NMEA 0183 log file by the timestamps of its sentences.
///
/// Dates come only from the log itself (RMC and ZDA sentences): fixes before the first date wait for it and
/// are dated backwards from it, and fixes of a log that never states a date are dropped and counted as
/// `fixWithoutDate` rather than stamped with today's date. Restamping to the present
/// (``ReplayOptions/restamp``) is the one way to play such a log: it replaces every date anyway and keeps only
/// the spacing of the fixes.
public struct NMEAFileReplay: GPSFixSource {
    /// The ``SourceCounters`` reason for fixes dropped because the log never stated their date.
    public static let fixWithoutDate = "fixWithoutDate"

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
        var decoder = NMEADecoder(parser: parser, assembler: NMEAFixAssembler())
        let fixes = decoder.decode(data) + decoder.finish(placeholderDay: replayer.options.restamp ? 0 : nil)
        for (code, count) in decoder.statistics.rejected {
            counters.countSkipped(code.rawValue, malformed: code != .unsupportedSentence, times: count)
        }
        let malformed = decoder.statistics.malformed
        if malformed > 0 { logger.warning("NMEA log \(path): skipped \(malformed) malformed lines") }
        let undated = decoder.statistics.fixesWithoutDate
        if undated > 0 {
            counters.countSkipped(Self.fixWithoutDate, malformed: false, times: undated)
            logger.warning("NMEA log \(path): dropped \(undated) fixes the log never dates (no RMC or ZDA date)")
        }
        logger.info("NMEA log \(path): replaying \(fixes.count) fixes")
        let counters = counters
        replayer.replay(fixes, stop: stop) { fix in
            counters.countFix()
            deliver(fix)
        }
    }
}
