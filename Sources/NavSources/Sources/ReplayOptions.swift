/// How a recorded track (NMEA log, GPX) is played back.
public struct ReplayOptions: Sendable, Equatable {
    /// Playback speed: 1 is real time by the recorded timestamps, 2 twice as fast; `nil` delivers every fix
    /// at once (for tests and batch conversion).
    public var rate: Double?
    /// Whether fixes are restamped so the first one carries the wall-clock time at the start of playback
    /// (keeping the recorded spacing), making an old log look live to the navigator.
    public var restamp: Bool
    /// Recording gaps longer than this (receiver off, tunnel) are shortened to it during playback, seconds.
    public var maximumGap: Double

    public init(rate: Double? = 1, restamp: Bool = false, maximumGap: Double = 10) {
        self.rate = rate
        self.restamp = restamp
        self.maximumGap = maximumGap
    }
}
