/// `nav.nav_info.v1`: the turn-by-turn feed — what a navigation header and footer show.
///
/// Distances and times are absent when there is no route (`navState` `idle` or `stopped`).
public struct NavInfo: Codable, Sendable, Equatable {
    /// The guidance state.
    public var navState: NavState
    /// The step being driven towards: its maneuver is the next thing the driver does.
    public var currentStep: NavStep?
    /// The steps after the current one, up to the final destination.
    public var remainingSteps: [NavStep]
    /// Metres from the vehicle to the current step's maneuver.
    public var distanceToCurrentStepMeters: Double?
    /// Seconds from the vehicle to the current step's maneuver.
    public var timeToCurrentStepSeconds: Double?
    /// Metres to the next destination.
    public var distanceToNextDestinationMeters: Double?
    /// Seconds to the next destination.
    public var timeToNextDestinationSeconds: Double?
    /// Metres to the final destination of the trip.
    public var distanceToFinalDestinationMeters: Double?
    /// Seconds to the final destination of the trip.
    public var timeToFinalDestinationSeconds: Double?

    public init(
        navState: NavState, currentStep: NavStep? = nil, remainingSteps: [NavStep] = [],
        distanceToCurrentStepMeters: Double? = nil, timeToCurrentStepSeconds: Double? = nil,
        distanceToNextDestinationMeters: Double? = nil, timeToNextDestinationSeconds: Double? = nil,
        distanceToFinalDestinationMeters: Double? = nil, timeToFinalDestinationSeconds: Double? = nil
    ) {
        self.navState = navState
        self.currentStep = currentStep
        self.remainingSteps = remainingSteps
        self.distanceToCurrentStepMeters = distanceToCurrentStepMeters
        self.timeToCurrentStepSeconds = timeToCurrentStepSeconds
        self.distanceToNextDestinationMeters = distanceToNextDestinationMeters
        self.timeToNextDestinationSeconds = timeToNextDestinationSeconds
        self.distanceToFinalDestinationMeters = distanceToFinalDestinationMeters
        self.timeToFinalDestinationSeconds = timeToFinalDestinationSeconds
    }
}

extension NavInfo {
    /// Encodes through ``NavInfoEncoding``, the one list of the payload's members, which the navigator's cached
    /// path (steps already encoded) uses too; so both write exactly the same JSON.
    public func encode(to encoder: any Encoder) throws {
        try NavInfoEncoding(self, currentStep: currentStep, remainingSteps: remainingSteps).encode(to: encoder)
    }
}

/// The members of ``NavInfo`` with the steps in any encodable form — the payload's own ``NavStep`` values, or
/// JSON encoded earlier. A member added to `NavInfo` must be added here; a test compares the two lists.
public struct NavInfoEncoding<CurrentStep: Encodable, RemainingSteps: Encodable>: Encodable {
    public var navState: NavState
    public var currentStep: CurrentStep?
    public var remainingSteps: RemainingSteps
    public var distanceToCurrentStepMeters: Double?
    public var timeToCurrentStepSeconds: Double?
    public var distanceToNextDestinationMeters: Double?
    public var timeToNextDestinationSeconds: Double?
    public var distanceToFinalDestinationMeters: Double?
    public var timeToFinalDestinationSeconds: Double?

    public init(_ info: NavInfo, currentStep: CurrentStep?, remainingSteps: RemainingSteps) {
        navState = info.navState
        self.currentStep = currentStep
        self.remainingSteps = remainingSteps
        distanceToCurrentStepMeters = info.distanceToCurrentStepMeters
        timeToCurrentStepSeconds = info.timeToCurrentStepSeconds
        distanceToNextDestinationMeters = info.distanceToNextDestinationMeters
        timeToNextDestinationSeconds = info.timeToNextDestinationSeconds
        distanceToFinalDestinationMeters = info.distanceToFinalDestinationMeters
        timeToFinalDestinationSeconds = info.timeToFinalDestinationSeconds
    }
}

/// The guidance state of a vehicle.
public enum NavState: String, Codable, Sendable, CaseIterable {
    /// There is no route.
    case idle
    /// Following the route.
    case enroute
    /// Off the route; a new route is being planned.
    case rerouting
    /// There is a route but guidance is paused, or the vehicle waits at a reached waypoint.
    case stopped
}

/// One instruction in the turn-by-turn feed.
public struct NavStep: Codable, Sendable, Equatable {
    /// Position of the step in the trip's instructions, 0 for the first.
    public var stepNumber: Int
    /// What to do where the step starts.
    public var maneuver: Maneuver
    /// The road the step follows, when it has a name or reference.
    public var roadName: String?
    /// The instruction as a driver hears it.
    public var instruction: String
    /// Length of the step in metres.
    public var distanceMeters: Double
    /// Expected travel time of the step in seconds.
    public var durationSeconds: Double

    public init(
        stepNumber: Int, maneuver: Maneuver, roadName: String? = nil, instruction: String, distanceMeters: Double,
        durationSeconds: Double
    ) {
        self.stepNumber = stepNumber
        self.maneuver = maneuver
        self.roadName = roadName
        self.instruction = instruction
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
    }
}
