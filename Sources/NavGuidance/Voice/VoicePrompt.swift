import NavCore

/// One thing to say to the driver, and when it is meant to be said.
public struct VoicePrompt: Hashable, Codable, Sendable {
    /// The sentence to speak, e.g. "In 300 meters, turn right onto Mannerheimintie."
    public var text: String
    /// Which stage of guidance it belongs to.
    public var kind: VoicePromptKind
    /// The leg of the route the maneuver is on.
    public var legIndex: Int
    /// The step of the leg whose maneuver the prompt announces (the step the vehicle is on for departure
    /// and post-transition prompts).
    public var stepIndex: Int
    /// Metres from the vehicle to the maneuver when the prompt was made (0 when it is about no maneuver).
    public var distanceMeters: Double
    /// The fix time the prompt is meant for, in seconds since 1970; a speaker drops a prompt it could not
    /// start soon after.
    public var time: Double
    /// How long after ``time`` the prompt is still worth saying, in seconds: until the maneuver is near
    /// enough for the next stage, or a few seconds for alerts.
    public var validSeconds: Double
    /// The language of ``text``.
    public var language: VoiceLanguage
    /// The units ``text`` uses.
    public var units: VoiceUnits
    /// The volume to play it at.
    public var volume: VoiceVolume

    /// Creates a prompt.
    public init(
        text: String, kind: VoicePromptKind, legIndex: Int, stepIndex: Int, distanceMeters: Double, time: Double,
        validSeconds: Double, language: VoiceLanguage, units: VoiceUnits, volume: VoiceVolume
    ) {
        self.text = text
        self.kind = kind
        self.legIndex = legIndex
        self.stepIndex = stepIndex
        self.distanceMeters = distanceMeters
        self.time = time
        self.validSeconds = validSeconds
        self.language = language
        self.units = units
        self.volume = volume
    }
}

/// The stage of guidance a prompt belongs to.
public enum VoicePromptKind: String, Hashable, Codable, Sendable, CaseIterable {
    /// Setting off: "Head north on Fabianinkatu."
    case departure
    /// The early warning: "In 300 meters, turn right onto Kaivokatu."
    case preTransition
    /// The final prompt, about ten seconds before: "Turn right onto Kaivokatu."
    case transition
    /// After the maneuver on a long step: "Continue for 2 kilometers."
    case postTransition
    /// The destination ahead: "Your destination is on the right."
    case arrival
    /// A new route was taken.
    case reroute
    /// The vehicle went over the speed limit.
    case speedAlert
}
