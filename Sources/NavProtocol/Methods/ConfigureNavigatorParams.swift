public import NavCore

/// `navigator.configure` parameters: change some of a vehicle's navigator options.
///
/// Every field is optional; absent fields keep their current value. The result is the whole
/// ``NavigatorConfiguration`` after the change.
public struct ConfigureNavigatorParams: Codable, Sendable, Equatable, VehicleScoped {
    /// The vehicle the call is for; absent means ``Vehicle/defaultID``.
    public var vehicle: String?
    /// Least change in seconds of the time to the next destination that publishes `nav.remaining_time.v1`.
    public var timeUpdateThreshold: Double?
    /// Least change in metres of the distance to the next destination that publishes
    /// `nav.remaining_distance.v1`.
    public var distanceUpdateThreshold: Double?
    /// How the vehicle travels; selects the routing profile.
    public var travelMode: TravelMode?
    /// Whether routes avoid motorways.
    public var avoidsHighways: Bool?
    /// Whether routes avoid toll roads.
    public var avoidsTolls: Bool?
    /// Whether routes avoid ferries.
    public var avoidsFerries: Bool?
    /// Whether guidance stops by itself when the final destination is reached.
    public var stopGuidanceAtArrival: Bool?
    /// Changes to the speed-alert thresholds.
    public var speedAlertOptions: SpeedAlertChanges?
    /// Which voice prompts are spoken.
    public var voiceGuidance: VoiceGuidance?
    /// How loud prompts are played.
    public var volumeLevel: VoiceVolumeLevel?
    /// Metric or imperial prompts.
    public var units: VoiceUnits?
    /// The language of prompts.
    public var language: VoiceLanguage?

    public init(
        vehicle: String? = nil, timeUpdateThreshold: Double? = nil, distanceUpdateThreshold: Double? = nil,
        travelMode: TravelMode? = nil, avoidsHighways: Bool? = nil, avoidsTolls: Bool? = nil,
        avoidsFerries: Bool? = nil, stopGuidanceAtArrival: Bool? = nil, speedAlertOptions: SpeedAlertChanges? = nil,
        voiceGuidance: VoiceGuidance? = nil, volumeLevel: VoiceVolumeLevel? = nil, units: VoiceUnits? = nil,
        language: VoiceLanguage? = nil
    ) {
        self.vehicle = vehicle
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

    /// Changes to ``SpeedAlertOptions``; absent fields keep their value.
    public struct SpeedAlertChanges: Codable, Sendable, Equatable {
        /// Percentage above the limit from which speeding is `minor`.
        public var minorPercentage: Double?
        /// Percentage above the limit from which speeding is `major`.
        public var majorPercentage: Double?
        /// How long speeding must stay above `majorPercentage` before minor turns major.
        public var severityUpgradeDurationSeconds: Double?

        public init(
            minorPercentage: Double? = nil, majorPercentage: Double? = nil,
            severityUpgradeDurationSeconds: Double? = nil
        ) {
            self.minorPercentage = minorPercentage
            self.majorPercentage = majorPercentage
            self.severityUpgradeDurationSeconds = severityUpgradeDurationSeconds
        }
    }

    /// `configuration` with these changes applied.
    public func applied(to configuration: NavigatorConfiguration) -> NavigatorConfiguration {
        var result = configuration
        if let timeUpdateThreshold { result.timeUpdateThreshold = timeUpdateThreshold }
        if let distanceUpdateThreshold { result.distanceUpdateThreshold = distanceUpdateThreshold }
        if let travelMode { result.travelMode = travelMode }
        if let avoidsHighways { result.avoidsHighways = avoidsHighways }
        if let avoidsTolls { result.avoidsTolls = avoidsTolls }
        if let avoidsFerries { result.avoidsFerries = avoidsFerries }
        if let stopGuidanceAtArrival { result.stopGuidanceAtArrival = stopGuidanceAtArrival }
        if let voiceGuidance { result.voiceGuidance = voiceGuidance }
        if let volumeLevel { result.volumeLevel = volumeLevel }
        if let units { result.units = units }
        if let language { result.language = language }
        if let changes = speedAlertOptions {
            if let value = changes.minorPercentage { result.speedAlertOptions.minorPercentage = value }
            if let value = changes.majorPercentage { result.speedAlertOptions.majorPercentage = value }
            if let value = changes.severityUpgradeDurationSeconds {
                result.speedAlertOptions.severityUpgradeDurationSeconds = value
            }
        }
        return result
    }
}
