import NavCore

/// What the driver wants to hear, as set with `navigator.configure`.
public struct VoiceSettings: Hashable, Codable, Sendable {
    /// Which prompts are spoken at all.
    public var guidance: VoiceGuidanceMode
    /// How loud the speaker plays them (the monitor only passes it on).
    public var volume: VoiceVolume
    /// Metric or imperial distances.
    public var units: VoiceUnits
    /// The language prompts are phrased in.
    public var language: VoiceLanguage

    /// Creates settings; the defaults are the SDK's: every prompt, normal volume.
    public init(
        guidance: VoiceGuidanceMode = .alertsAndGuidance, volume: VoiceVolume = .normal, units: VoiceUnits = .metric,
        language: VoiceLanguage = .english
    ) {
        self.guidance = guidance
        self.volume = volume
        self.units = units
        self.language = language
    }
}

/// The SDK's `voiceGuidance`: which prompts are spoken.
public enum VoiceGuidanceMode: String, Hashable, Codable, Sendable, CaseIterable {
    /// Nothing at all.
    case silent
    /// Reroutes and speed alerts, no turn-by-turn prompts.
    case alertsOnly
    /// Everything.
    case alertsAndGuidance

    /// Whether a prompt of this kind is spoken in this mode.
    public func speaks(_ kind: VoicePromptKind) -> Bool {
        switch self {
        case .silent: false
        case .alertsAndGuidance: true
        case .alertsOnly:
            switch kind {
            case .reroute, .speedAlert: true
            case .departure, .preTransition, .transition, .postTransition, .arrival: false
            }
        }
    }
}

/// The SDK's `volumeLevel`.
public enum VoiceVolume: String, Hashable, Codable, Sendable, CaseIterable {
    case low, normal, high
}

/// How distances and speeds are spoken.
public enum VoiceUnits: String, Hashable, Codable, Sendable, CaseIterable {
    /// Metres and kilometres, km/h.
    case metric
    /// Feet and miles, mph.
    case imperial
}

/// A language prompts can be phrased in, by its BCP 47 tag.
public enum VoiceLanguage: String, Hashable, Codable, Sendable, CaseIterable {
    case english = "en"
    case finnish = "fi"

    /// The phrasebook for the language.
    var phrasebook: any Phrasebook {
        switch self {
        case .english: EnglishPhrasebook()
        case .finnish: FinnishPhrasebook()
        }
    }
}
