public import NavCore

/// Settings of a guidance session, mirroring the navigator's configurable properties.
public struct GuidanceOptions: Hashable, Codable, Sendable {
    /// Smallest change of the remaining time, in seconds, that produces a new remaining-time event
    /// (default 1).
    public var timeUpdateThreshold: Double
    /// Smallest change of the remaining distance, in metres, that produces a new remaining-distance
    /// event (default 1).
    public var distanceUpdateThreshold: Double
    /// Whether guidance stops by itself when a destination is reached (default `true`).
    public var stopGuidanceAtArrival: Bool
    /// How the vehicle moves (default driving).
    public var travelMode: TravelMode
    /// Speeding thresholds.
    public var speedAlertOptions: SpeedAlertOptions
    /// Off-route detection.
    public var deviation: DeviationOptions
    /// Margins a faster route must beat the current one by.
    public var fasterRoute: FasterRoutePolicy
    /// Distance in metres from the end of a leg within which the destination counts as reached
    /// (default 25).
    public var arrivalRadius: Double
    /// Distance in metres within which walkers and cyclists off the route are snapped to a road
    /// (default 15).
    public var pathSnapRadius: Double
    /// Seconds of fix time between nav-info events (default 1).
    public var navInfoInterval: Double
    /// Seconds of fix time between sun-elevation evaluations (default 10); the sun moves at most about
    /// 0.04° in that time, far less than the lighting hysteresis.
    public var lightingInterval: Double

    /// Creates options; every parameter has the SDK's default.
    public init(
        timeUpdateThreshold: Double = 1, distanceUpdateThreshold: Double = 1, stopGuidanceAtArrival: Bool = true,
        travelMode: TravelMode = .driving, speedAlertOptions: SpeedAlertOptions = SpeedAlertOptions(),
        deviation: DeviationOptions = DeviationOptions(), fasterRoute: FasterRoutePolicy = FasterRoutePolicy(),
        arrivalRadius: Double = 25, pathSnapRadius: Double = 15,
        navInfoInterval: Double = 1, lightingInterval: Double = 10
    ) {
        self.timeUpdateThreshold = timeUpdateThreshold
        self.distanceUpdateThreshold = distanceUpdateThreshold
        self.stopGuidanceAtArrival = stopGuidanceAtArrival
        self.travelMode = travelMode
        self.speedAlertOptions = speedAlertOptions
        self.deviation = deviation
        self.fasterRoute = fasterRoute
        self.arrivalRadius = arrivalRadius
        self.pathSnapRadius = pathSnapRadius
        self.navInfoInterval = navInfoInterval
        self.lightingInterval = lightingInterval
    }
}
