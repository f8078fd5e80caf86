/// What the driver is told to do at a step.
public enum Maneuver: String, Sendable, Codable, CaseIterable {
    case depart, arrive
    case `continue`
    case turnLeft, turnRight, slightLeft, slightRight, sharpLeft, sharpRight, uTurn
    case merge, onRamp, offRamp, forkLeft, forkRight
    case roundabout, ferry
}

extension Maneuver {
    /// The maneuver's kind as the bus protocol (and OSRM) spell it: `depart`, `turn`, `continue`, `merge`,
    /// `onRamp`, `offRamp`, `fork`, `roundabout`, `uturn`, `arrive`. The protocol has no ferry kind, so
    /// boarding a ferry is a `continue` whose instruction names the ferry.
    public var kind: String {
        switch self {
        case .depart: "depart"
        case .arrive: "arrive"
        case .continue, .ferry: "continue"
        case .turnLeft, .turnRight, .slightLeft, .slightRight, .sharpLeft, .sharpRight: "turn"
        case .uTurn: "uturn"
        case .merge: "merge"
        case .onRamp: "onRamp"
        case .offRamp: "offRamp"
        case .forkLeft, .forkRight: "fork"
        case .roundabout: "roundabout"
        }
    }

    /// The direction that goes with ``kind``: `left`, `right`, `slightLeft`, `slightRight`, `sharpLeft`,
    /// `sharpRight`, `straight` or `uturn`; nil where the kind has none.
    public var direction: String? {
        switch self {
        case .turnLeft, .forkLeft: "left"
        case .turnRight, .forkRight: "right"
        case .slightLeft: "slightLeft"
        case .slightRight: "slightRight"
        case .sharpLeft: "sharpLeft"
        case .sharpRight: "sharpRight"
        case .continue, .ferry: "straight"
        case .uTurn: "uturn"
        case .depart, .arrive, .merge, .onRamp, .offRamp, .roundabout: nil
        }
    }
}
