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

    public init(
        timeUpdateThreshold: Double, distanceUpdateThreshold: Double, travelMode: TravelMode, avoidsHighways: Bool,
        avoidsTolls: Bool, avoidsFerries: Bool, stopGuidanceAtArrival: Bool, speedAlertOptions: SpeedAlertOptions
    ) {
        self.timeUpdateThreshold = timeUpdateThreshold
        self.distanceUpdateThreshold = distanceUpdateThreshold
        self.travelMode = travelMode
        self.avoidsHighways = avoidsHighways
        self.avoidsTolls = avoidsTolls
        self.avoidsFerries = avoidsFerries
        self.stopGuidanceAtArrival = stopGuidanceAtArrival
        self.speedAlertOptions = speedAlertOptions
    }

    /// The options a new vehicle session starts with; the thresholds are the SDK's defaults
    /// (1 second, 1 metre).
    public static let defaults = NavigatorConfiguration(
        timeUpdateThreshold: 1, distanceUpdateThreshold: 1, travelMode: .driving, avoidsHighways: false,
        avoidsTolls: false, avoidsFerries: false, stopGuidanceAtArrival: true, speedAlertOptions: .defaults)
}

