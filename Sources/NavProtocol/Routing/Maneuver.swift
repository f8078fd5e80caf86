/// What the driver does at the start of a step, e.g. `{"type": "turn", "modifier": "left"}`.
public struct Maneuver: Codable, Sendable, Equatable {
    /// The kind of maneuver.
    public var type: ManeuverType
    /// The direction, when the kind has one.
    public var modifier: ManeuverModifier?
    /// Which exit to take (1 = the first), for `roundabout` maneuvers.
    public var roundaboutExit: Int?

    public init(type: ManeuverType, modifier: ManeuverModifier? = nil, roundaboutExit: Int? = nil) {
        self.type = type
        self.modifier = modifier
        self.roundaboutExit = roundaboutExit
    }
}

/// The kind of a maneuver.
public enum ManeuverType: String, Codable, Sendable, CaseIterable {
    /// Leave the origin.
    case depart
    /// Turn onto another road at an intersection.
    case turn
    /// Keep on the road (or its continuation under another name).
    case `continue`
    /// Join a road whose traffic has priority.
    case merge
    /// Take a ramp onto a motorway.
    case onRamp
    /// Take a ramp off a motorway.
    case offRamp
    /// Keep left or right where the road splits.
    case fork
    /// Enter a roundabout and leave it at `roundaboutExit`.
    case roundabout
    /// Leave the roundabout: the step after a `roundabout` one, from the exit on (OSRM's `exit roundabout`).
    case exitRoundabout
    /// Turn back the way you came.
    case uturn
    /// Board a ferry; the step is the crossing.
    case ferry
    /// Leave a ferry at the far side.
    case leaveFerry
    /// Reach a waypoint.
    case arrive
}

/// The direction of a maneuver.
public enum ManeuverModifier: String, Codable, Sendable, CaseIterable {
    case left
    case right
    case slightLeft
    case slightRight
    case sharpLeft
    case sharpRight
    case straight
    case uturn
}
