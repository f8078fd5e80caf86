/// A step as shown in the turn-by-turn feed.
public struct StepInfo: Hashable, Codable, Sendable {
    /// The maneuver at the start of the step.
    public var maneuver: ManeuverKind
    /// Its direction, when it has one.
    public var modifier: ManeuverModifier?
    /// The road the step travels along.
    public var roadName: String
    /// The instruction for the maneuver.
    public var instruction: String

    /// Creates step information.
    public init(maneuver: ManeuverKind, modifier: ManeuverModifier?, roadName: String, instruction: String) {
        self.maneuver = maneuver
        self.modifier = modifier
        self.roadName = roadName
        self.instruction = instruction
    }

    init(_ step: GuidanceStep) {
        self.init(
            maneuver: step.maneuver, modifier: step.modifier, roadName: step.roadName, instruction: step.instruction)
    }
}
