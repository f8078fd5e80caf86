import NavGuidance
import NavProtocol

/// Voice guidance of a session: the monitor follows the engine, its prompts become `nav.voice_prompt.v1`.
extension VehicleSession {
    /// The prompts that one engine input and its events call for, on the wire.
    mutating func voicePrompts(after input: GuidanceInput, events: [GuidanceEvent]) -> [NavProtocol.VoicePrompt] {
        var state = voice ?? VoiceGuidanceState(settings: VoiceSettings(configuration))
        let prompts = VoicePromptMonitor().follow(input, events: events, guidance: guidance, state: &state)
        // The session's legs are installed after the engine took the route, so the router's sides arrive
        // with the next input, long before the arrival is near.
        state.takeDestinationSides(legs.map(\.destinationSide))
        voice = state
        // The monitor counts legs of the engine's route, which starts at the leg being driven after a
        // reroute; the wire counts the destinations as given.
        let base = guidance.currentWaypointIndex - guidance.currentLegIndex
        return prompts.map { prompt in
            let time = Timestamp(secondsSince1970: prompt.time)
            return NavProtocol.VoicePrompt(
                text: prompt.text, kind: Self.wire(prompt.kind), routeLegIndex: base + prompt.legIndex,
                stepIndex: prompt.stepIndex, distanceMeters: prompt.distanceMeters, language: Self.wire(prompt.language),
                units: Self.wire(prompt.units), volumeLevel: Self.wire(prompt.volume), time: time,
                validUntil: time.adding(seconds: prompt.validSeconds))
        }
    }

    /// Takes the configuration's voice settings over into the monitor.
    mutating func configureVoice() {
        var state = voice ?? VoiceGuidanceState()
        _ = VoicePromptMonitor().apply(.configure(VoiceSettings(configuration)), to: &state)
        voice = state
    }

    static func wire(_ kind: NavGuidance.VoicePromptKind) -> NavProtocol.VoicePromptKind {
        switch kind {
        case .departure: .departure
        case .preTransition: .preTransition
        case .transition: .transition
        case .postTransition: .postTransition
        case .arrival: .arrival
        case .reroute: .reroute
        case .speedAlert: .speedAlert
        }
    }

    static func wire(_ language: NavGuidance.VoiceLanguage) -> NavProtocol.VoiceLanguage {
        switch language {
        case .english: .english
        case .finnish: .finnish
        }
    }

    static func wire(_ units: NavGuidance.VoiceUnits) -> NavProtocol.VoiceUnits {
        switch units {
        case .metric: .metric
        case .imperial: .imperial
        }
    }

    static func wire(_ volume: NavGuidance.VoiceVolume) -> NavProtocol.VoiceVolumeLevel {
        switch volume {
        case .low: .low
        case .normal: .normal
        case .high: .high
        }
    }
}

extension VoiceSettings {
    /// The voice part of a navigator configuration.
    init(_ configuration: NavigatorConfiguration) {
        let guidance: VoiceGuidanceMode =
            switch configuration.voiceGuidance {
            case .silent: .silent
            case .alertsOnly: .alertsOnly
            case .alertsAndGuidance: .alertsAndGuidance
            }
        let volume: VoiceVolume =
            switch configuration.volumeLevel {
            case .low: .low
            case .normal: .normal
            case .high: .high
            }
        let units: NavGuidance.VoiceUnits =
            switch configuration.units {
            case .metric: .metric
            case .imperial: .imperial
            }
        let language: NavGuidance.VoiceLanguage =
            switch configuration.language {
            case .english: .english
            case .finnish: .finnish
            }
        self.init(guidance: guidance, volume: volume, units: units, language: language)
    }
}
