import NavCore
import NavProtocol
import NavSources

/// Replays NMEA logs through the real ``NMEAFileReplay`` as the feeder does, at once, with a wall clock years
/// away from every log's date: a fix dated from the clock would show.
enum NMEALogReplay {
    static let wallClock = Timestamp(secondsSince1970: 1_941_105_600)  // 2031-07-06T12:00:00Z

    static func replay(_ log: String, restamp: Bool = false) throws -> (fixes: [GPSFix], counters: SourceCounters.Snapshot) {
        try replay(path: try Fixtures.write(log, name: "log.nmea"), restamp: restamp)
    }

    static func replay(path: String, restamp: Bool = false) throws -> (fixes: [GPSFix], counters: SourceCounters.Snapshot) {
        let counters = SourceCounters()
        var fixes = [GPSFix]()
        let replayer = FixReplayer(
            options: ReplayOptions(rate: nil, restamp: restamp), clock: ManualPlaybackClock(wall: wallClock))
        try NMEAFileReplay(path: path, replayer: replayer, counters: counters).run(stop: StopFlag()) { fixes.append($0) }
        return (fixes, counters.snapshot())
    }
}
