public import NavCore

/// `navigator.getState` result: a snapshot of one vehicle's navigation session.
public struct NavigatorState: Codable, Sendable, Equatable {
    /// The vehicle the state belongs to.
    public var vehicle: String
    /// Whether guidance is active.
    public var guidanceActive: Bool
    /// The guidance state.
    public var navState: NavState
    /// Whether road-snapped locations are being published.
    public var updatingLocation: Bool
    /// The legs still to drive, the current one first; empty without a route.
    public var routeLegs: [RouteLeg]
    /// The leg being driven, absent without a route.
    public var currentRouteLeg: RouteLeg?
    /// Index of the current leg in the trip's legs as first planned.
    public var currentRouteLegIndex: Int?
    /// Expected seconds to the next destination.
    public var timeToNextDestinationSeconds: Double?
    /// Metres to the next destination.
    public var distanceToNextDestinationMeters: Double?
    /// Traffic delay category to the next destination.
    public var delayCategoryToNextDestination: DelayCategory?
    /// The latest road-snapped location, when one is known.
    public var lastLocation: SnappedLocation?
    /// The session's options.
    public var configuration: NavigatorConfiguration

    public init(
        vehicle: String, guidanceActive: Bool, navState: NavState, updatingLocation: Bool, routeLegs: [RouteLeg],
        currentRouteLeg: RouteLeg? = nil, currentRouteLegIndex: Int? = nil, timeToNextDestinationSeconds: Double? = nil,
        distanceToNextDestinationMeters: Double? = nil, delayCategoryToNextDestination: DelayCategory? = nil,
        lastLocation: SnappedLocation? = nil, configuration: NavigatorConfiguration
    ) {
        self.vehicle = vehicle
        self.guidanceActive = guidanceActive
        self.navState = navState
        self.updatingLocation = updatingLocation
        self.routeLegs = routeLegs
        self.currentRouteLeg = currentRouteLeg
        self.currentRouteLegIndex = currentRouteLegIndex
        self.timeToNextDestinationSeconds = timeToNextDestinationSeconds
        self.distanceToNextDestinationMeters = distanceToNextDestinationMeters
        self.delayCategoryToNextDestination = delayCategoryToNextDestination
        self.lastLocation = lastLocation
        self.configuration = configuration
    }
}
