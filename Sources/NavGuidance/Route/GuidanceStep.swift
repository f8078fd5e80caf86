/// One turn-by-turn step of a leg: the maneuver that starts it and the stretch of road that follows.
public struct GuidanceStep: Hashable, Codable, Sendable {
    /// The maneuver performed where the step begins.
    public var maneuver: ManeuverKind
    /// The direction of the maneuver, when it has one.
    public var modifier: ManeuverModifier?
    /// The instruction shown or spoken for the maneuver.
    public var instruction: String
    /// The road the step travels along.
    public var roadName: String
    /// Index of the leg polyline point where the step begins.
    public var startIndex: Int
    /// Index of the leg polyline point where the step ends (equal to `startIndex` for the arrival step).
    public var endIndex: Int
    /// For a roundabout: which exit to take (1 is the first).
    public var roundaboutExit: Int?

    /// Creates a step covering the polyline points `startIndex...endIndex` of its leg.
    public init(
        maneuver: ManeuverKind, modifier: ManeuverModifier? = nil, instruction: String, roadName: String,
        startIndex: Int, endIndex: Int, roundaboutExit: Int? = nil
    ) {
        self.maneuver = maneuver
        self.modifier = modifier
        self.instruction = instruction
        self.roadName = roadName
        self.startIndex = startIndex
        self.endIndex = endIndex
        self.roundaboutExit = roundaboutExit
    }
}
