public import NavCore
public import NavProtocol

/// Replays the timed points of a GPX file with their original timing (or scaled by a rate).
public struct GPXReplay: GPSFixSource {
    public let path: String
    public var replayer: FixReplayer
    public let counters: SourceCounters
    private let logger: Logger

    public init(
        path: String, replayer: FixReplayer = FixReplayer(), counters: SourceCounters = SourceCounters(),
        logger: Logger = .silent
    ) {
        self.path = path
        self.replayer = replayer
        self.counters = counters
        self.logger = logger
    }

    /// - Throws: ``SourceError`` `.io` or `.parse` when the file is unreadable or has no timed point.
    public func run(stop: StopFlag, deliver: (GPSFix) -> Void) throws {
        let track = try GPXTrack(contentsOf: path)
        counters.countSkipped("gpxPointWithoutTime", malformed: true, times: track.skippedPoints)
        if track.skippedPoints > 0 { logger.warning("GPX \(path): skipped \(track.skippedPoints) points without time or coordinates") }
        logger.info("GPX \(path): replaying \(track.fixes.count) points")
        let counters = counters
        replayer.replay(track.fixes, stop: stop) { fix in
            counters.countFix()
            deliver(fix)
        }
    }
}
