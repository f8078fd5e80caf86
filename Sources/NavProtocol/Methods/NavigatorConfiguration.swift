public import NavCore

/// A vehicle's complete navigator options: the `navigator.configure` result and part of
/// `navigator.getState`.
public struct NavigatorConfiguration: Codable, Sendable, Equatable {
    /// Least change in seconds of the time to the next destination that publishes `nav.remaining_time.v1`.
    public var timeUpdateThreshold: Double
    /// Least change in metres of the distance to the next destination that publishes
    /// `nav.remaining_distance.v1`.
    public var distanceUpdateThreshold: Double
    /// How the vehicle travels; selects the routing profile.
    public var travelMode: TravelMode
    /// Whether routes avoid motorways.
    public var avoidsHighways: Bool
    /// Whether routes avoid toll roads.
    public var avoidsTolls: Bool
    /// Whether routes avoid ferries.
    public var avoidsFerries: Bool
    /// Whether guidance stops by itself when the final destination is reached.
    public var stopGuidanceAtArrival: Bool
    /// When speeding becomes a minor or a major alert.
    public var speedAlertOptions: SpeedAlertOptions
    /// Which voice prompts are spoken (the SDK's `voiceGuidance`).
    public var voiceGuidance: VoiceGuidance
    /// How loud prompts are played (the SDK's `volumeLevel`; the last one set is kept, normal at first).
    public var volumeLevel: VoiceVolumeLevel
    /// Metric or imperial prompts.
    public var units: VoiceUnits
    /// The language of prompts.
    public var language: VoiceLanguage

    public init(
        timeUpdateThreshold: Double, distanceUpdateThreshold: Double, travelMode: TravelMode, avoidsHighways: Bool,
        avoidsTolls: Bool, avoidsFerries: Bool, stopGuidanceAtArrival: Bool, speedAlertOptions: SpeedAlertOptions,
        voiceGuidance: VoiceGuidance = .alertsAndGuidance, volumeLevel: VoiceVolumeLevel = .normal,
        units: VoiceUnits = .metric, language: VoiceLanguage = .english
    ) {
        self.timeUpdateThreshold = timeUpdateThreshold
        self.distanceUpdateThreshold = distanceUpdateThreshold
        self.travelMode = travelMode
        self.avoidsHighways = avoidsHighways
        self.avoidsTolls = avoidsTolls
        self.avoidsFerries = avoidsFerries
        self.stopGuidanceAtArrival = stopGuidanceAtArrival
        self.speedAlertOptions = speedAlertOptions
        self.voiceGuidance = voiceGuidance
        self.volumeLevel = volumeLevel
        self.units = units
        self.language = language
    }

    /// The options a new vehicle session starts with; the thresholds are the SDK's defaults
    /// (1 second, 1 metre).
    public static let defaults = NavigatorConfiguration(
        timeUpdateThreshold: 1, distanceUpdateThreshold: 1, travelMode: .driving, avoidsHighways: false,
        avoidsTolls: false, avoidsFerries: false, stopGuidanceAtArrival: true, speedAlertOptions: .defaults)
}

extension NavigatorConfiguration {
    private enum CodingKeys: String, CodingKey {
        case timeUpdateThreshold, distanceUpdateThreshold, travelMode, avoidsHighways, avoidsTolls, avoidsFerries
        case stopGuidanceAtArrival, speedAlertOptions, voiceGuidance, volumeLevel, units, language
    }

    /// Decodes a configuration; the voice settings may be missing (sessions saved before they existed),
    /// and then take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            timeUpdateThreshold: try container.decode(Double.self, forKey: .timeUpdateThreshold),
            distanceUpdateThreshold: try container.decode(Double.self, forKey: .distanceUpdateThreshold),
            travelMode: try container.decode(TravelMode.self, forKey: .travelMode),
            avoidsHighways: try container.decode(Bool.self, forKey: .avoidsHighways),
            avoidsTolls: try container.decode(Bool.self, forKey: .avoidsTolls),
            avoidsFerries: try container.decode(Bool.self, forKey: .avoidsFerries),
            stopGuidanceAtArrival: try container.decode(Bool.self, forKey: .stopGuidanceAtArrival),
            speedAlertOptions: try container.decode(SpeedAlertOptions.self, forKey: .speedAlertOptions),
            voiceGuidance: try container.decodeIfPresent(VoiceGuidance.self, forKey: .voiceGuidance)
                ?? .alertsAndGuidance,
            volumeLevel: try container.decodeIfPresent(VoiceVolumeLevel.self, forKey: .volumeLevel) ?? .normal,
            units: try container.decodeIfPresent(VoiceUnits.self, forKey: .units) ?? .metric,
            language: try container.decodeIfPresent(VoiceLanguage.self, forKey: .language) ?? .english)
    }
}
