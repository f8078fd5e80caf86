/// `nav.voice_prompt.v1`: something the navigator wants spoken to the driver, and when.
///
/// A speaker plays `text` at `volumeLevel`; a prompt it could not start by `validUntil` has gone stale
/// (the vehicle is past the point it was meant for) and is dropped instead.
public struct VoicePrompt: Codable, Sendable, Equatable {
    /// The sentence to speak, e.g. "In 300 meters, turn right onto Mannerheimintie."
    public var text: String
    /// The stage of guidance it belongs to.
    public var kind: VoicePromptKind
    /// Index of the route leg (destinations as given to `setDestinations`) the maneuver is on.
    public var routeLegIndex: Int
    /// Index within the leg of the step whose maneuver the prompt is about.
    public var stepIndex: Int
    /// Metres from the vehicle to the maneuver when the prompt was made.
    public var distanceMeters: Double
    /// BCP 47 language of `text` (`en`, `fi`).
    public var language: VoiceLanguage
    /// The units `text` speaks.
    public var units: VoiceUnits
    /// The volume to play it at.
    public var volumeLevel: VoiceVolumeLevel
    /// The fix time the prompt is meant for.
    public var time: Timestamp
    /// After this the prompt is stale and is not spoken.
    public var validUntil: Timestamp

    public init(
        text: String, kind: VoicePromptKind, routeLegIndex: Int, stepIndex: Int, distanceMeters: Double,
        language: VoiceLanguage, units: VoiceUnits, volumeLevel: VoiceVolumeLevel, time: Timestamp,
        validUntil: Timestamp
    ) {
        self.text = text
        self.kind = kind
        self.routeLegIndex = routeLegIndex
        self.stepIndex = stepIndex
        self.distanceMeters = distanceMeters
        self.language = language
        self.units = units
        self.volumeLevel = volumeLevel
        self.time = time
        self.validUntil = validUntil
    }
}

/// The stage of guidance a prompt belongs to.
public enum VoicePromptKind: String, Codable, Sendable, CaseIterable {
    case departure, preTransition, transition, postTransition, arrival, reroute, speedAlert
}

/// The SDK's `voiceGuidance`: which prompts are spoken.
public enum VoiceGuidance: String, Codable, Sendable, CaseIterable {
    case silent, alertsOnly, alertsAndGuidance
}

/// The SDK's `volumeLevel` for voice guidance.
public enum VoiceVolumeLevel: String, Codable, Sendable, CaseIterable {
    case low, normal, high
}

/// Metric (metres, km/h) or imperial (feet, miles, mph) prompts.
public enum VoiceUnits: String, Codable, Sendable, CaseIterable {
    case metric, imperial
}

/// A language prompts can be spoken in, as its BCP 47 tag.
public enum VoiceLanguage: String, Codable, Sendable, CaseIterable {
    case english = "en"
    case finnish = "fi"
}
