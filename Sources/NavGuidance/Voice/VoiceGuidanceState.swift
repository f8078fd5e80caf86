public import NavCore

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
    /// The latest fix time at which the vehicle stood or crept (below the post-transition speed).
    var lastStandstill: Double?
    /// The limit (m/s) the latest speed alert named.
    var lastSpeedAlertLimit: Double?

    /// Creates a state with no route.
    public init(settings: VoiceSettings = VoiceSettings()) {
        self.settings = settings
    }

    /// Takes the router's destination side of each leg where it has one (it knows the destination's own
    /// road); the side the monitor estimated from the leg's geometry stays where it has none.
    /// - Parameter sides: One entry per leg of the route being followed.
    public mutating func takeDestinationSides(_ sides: [StreetSide?]) {
        for (index, side) in sides.enumerated() where legs.indices.contains(index) {
            guard let side, let last = legs[index].maneuvers.indices.last,
                case .arrive(let current, let isFinal) = legs[index].maneuvers[last].spoken.action, current != side
            else { continue }
            legs[index].maneuvers[last].spoken.action = .arrive(side: side, isFinal: isFinal)
        }
    }

    mutating func startLeg(_ index: Int, opening: Opening?) {
        legIndex = index
        nextManeuver = 0
        stages = Array(repeating: [], count: legs.indices.contains(index) ? legs[index].maneuvers.count : 0)
        self.opening = opening
    }
}
