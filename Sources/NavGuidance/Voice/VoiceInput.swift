public import NavCore

/// What the voice monitor hears about: the route, the vehicle's progress along it, and alerts.
public enum VoiceInput: Sendable {
    /// New settings.
    case configure(VoiceSettings)
    /// A route to follow from its first leg, and why it is new.
    case route(GuidanceRoute, reason: RouteChangeReason)
    /// Guidance moved on to leg `index` of the route.
    case startLeg(Int)
    /// The route was dropped.
    case clear
    /// Where the vehicle is along the current leg.
    case progress(VoiceProgress)
    /// The engine reported arrival at the end of the current leg.
    case arrival(legIndex: Int, time: Double)
    /// The engine's speeding judgement; `limit` in m/s.
    case speeding(SpeedingSeverity, limit: Double?, time: Double)
}

/// The vehicle's place along its leg at one fix.
public struct VoiceProgress: Hashable, Sendable {
    /// The fix time, seconds since 1970.
    public var time: Double
    /// The leg being driven.
    public var legIndex: Int
    /// Metres from the start of the leg.
    public var distanceAlong: Double
    /// Ground speed in m/s.
    public var speed: Double

    /// Creates progress.
    public init(time: Double, legIndex: Int, distanceAlong: Double, speed: Double) {
        self.time = time
        self.legIndex = legIndex
        self.distanceAlong = distanceAlong
        self.speed = speed
    }
}
