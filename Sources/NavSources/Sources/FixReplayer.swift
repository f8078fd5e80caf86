public import NavCore
public import NavProtocol

/// Plays recorded fixes back at their recorded pace (scaled by ``ReplayOptions/rate``) on a
/// ``PlaybackClock``.
public struct FixReplayer: Sendable {
    public var options: ReplayOptions
    public var clock: any PlaybackClock

    public init(options: ReplayOptions = ReplayOptions(), clock: any PlaybackClock = SystemPlaybackClock()) {
        self.options = options
        self.clock = clock
    }

    /// Delivers `fixes` in order, each when its turn comes; returns early when `stop` is raised.
    ///
    /// The wait before a fix is its timestamp difference to the previous one divided by the rate; gaps over
    /// ``ReplayOptions/maximumGap`` are shortened, and a timestamp going backwards plays at once.
    public func replay(_ fixes: [GPSFix], stop: StopFlag, deliver: (GPSFix) -> Void) {
        guard let first = fixes.first else { return }
        let shift = options.restamp ? clock.wallTime().seconds(since: first.timestamp) : 0
        var deadline = clock.now()
        var previous = first.timestamp
        for var fix in fixes {
            if let rate = options.rate {
                let gap = min(max(0, fix.timestamp.seconds(since: previous)), options.maximumGap)
                deadline += gap / rate
                guard clock.sleep(until: deadline, stop: stop) else { return }
            } else if stop.isStopRequested {
                return
            }
            previous = fix.timestamp
            if shift != 0 { fix.timestamp = fix.timestamp.adding(seconds: shift) }
            deliver(fix)
        }
    }
}
