import NavCore
import NavGuidance
import NavProtocol

extension GuidanceOptions {
    /// Engine options with the navigator configuration's thresholds, mode and speed alerts.
    init(_ configuration: NavigatorConfiguration) {
        self.init()
        apply(configuration)
    }

    /// Takes over the parts of the navigator configuration the engine uses; the engine's own tuning
    /// (deviation, arrival radius, faster-route margins) keeps its defaults.
    mutating func apply(_ configuration: NavigatorConfiguration) {
        timeUpdateThreshold = configuration.timeUpdateThreshold
        distanceUpdateThreshold = configuration.distanceUpdateThreshold
        stopGuidanceAtArrival = configuration.stopGuidanceAtArrival
        travelMode = configuration.travelMode
        speedAlertOptions = configuration.speedAlertOptions
    }
}
