/// The direction qualifying a ``ManeuverKind``.
public enum ManeuverModifier: String, Hashable, Codable, Sendable, CaseIterable {
    case uTurn
    case sharpRight
    case right
    case slightRight
    case straight
    case slightLeft
    case left
    case sharpLeft
}
