/// What the driver does where a step begins, in the vocabulary of OSRM-style routers.
public enum ManeuverKind: String, Hashable, Codable, Sendable, CaseIterable {
    case depart
    case turn
    case `continue`
    case newName
    case merge
    case onRamp
    case offRamp
    case fork
    case endOfRoad
    case roundabout
    case exitRoundabout
    case uTurn
    /// Board a ferry: the step is the crossing.
    case ferry
    /// Drive (or walk) off a ferry at the far side.
    case leaveFerry
    case arrive
}
