import NavCore

/// What the voice monitor remembers between inputs, as a plain value saved with the session.
public struct VoiceGuidanceState: Hashable, Codable, Sendable {
    /// The stages already spoken (or deliberately passed over) for one maneuver.
    struct Stages: OptionSet, Hashable, Codable, Sendable {
        let rawValue: UInt8
        static let preTransition = Stages(rawValue: 1)
        static let transition = Stages(rawValue: 2)
        static let postTransition = Stages(rawValue: 4)
        /// Named in the previous maneuver's prompt ("…, then turn left").
        static let chained = Stages(rawValue: 8)
    }

    /// What opens the guidance of a new route or leg at the next fix.
    enum Opening: Hashable, Codable, Sendable {
        case departure, reroute, fasterRoute
    }

    /// The settings in force.
    public internal(set) var settings: VoiceSettings
    var legs: [VoiceLeg] = []
    var legIndex = 0
    /// Index in the current leg's maneuvers of the first one not yet passed.
    var nextManeuver = 0
    /// Per maneuver of the current leg.
    var stages: [Stages] = []
    var opening: Opening?
    /// Time of the latest fix seen, the time of prompts that control calls cause.
    var lastTime: Double?
    var speedingSeverity: SpeedingSeverity = .notSpeeding
    var lastSpeedAlertTime: Double?

    /// Creates a state with no route.
    public init(settings: VoiceSettings = VoiceSettings()) {
        self.settings = settings
    }

    mutating func startLeg(_ index: Int, opening: Opening?) {
        legIndex = index
        nextManeuver = 0
        stages = Array(repeating: [], count: legs.indices.contains(index) ? legs[index].maneuvers.count : 0)
        self.opening = opening
    }
}
