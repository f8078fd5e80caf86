/// The turn-by-turn feed, sent about once a second of fix time while guidance is active.
public struct NavInfo: Hashable, Codable, Sendable {
    /// What guidance is doing.
    public var navState: NavState
    /// The step being driven, when there is a route.
    public var currentStep: StepInfo?
    /// The step after it, whose maneuver comes at the end of the current step.
    public var nextStep: StepInfo?
    /// Steps after the current one, to the final destination.
    public var remainingSteps: Int
    /// Metres to the end of the current step.
    public var distanceToCurrentStepEnd: Double
    /// Seconds to the end of the current step.
    public var timeToCurrentStepEnd: Double
    /// Metres to the final destination.
    public var distanceToFinalDestination: Double
    /// Seconds to the final destination.
    public var timeToFinalDestination: Double

    /// Creates nav info.
    public init(
        navState: NavState, currentStep: StepInfo?, nextStep: StepInfo?, remainingSteps: Int,
        distanceToCurrentStepEnd: Double, timeToCurrentStepEnd: Double, distanceToFinalDestination: Double,
        timeToFinalDestination: Double
    ) {
        self.navState = navState
        self.currentStep = currentStep
        self.nextStep = nextStep
        self.remainingSteps = remainingSteps
        self.distanceToCurrentStepEnd = distanceToCurrentStepEnd
        self.timeToCurrentStepEnd = timeToCurrentStepEnd
        self.distanceToFinalDestination = distanceToFinalDestination
        self.timeToFinalDestination = timeToFinalDestination
    }
}
