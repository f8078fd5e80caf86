/// What the driver is told to do at a step.
public enum Maneuver: String, Sendable, Codable, CaseIterable {
    case depart, arrive
    case `continue`
    case turnLeft, turnRight, slightLeft, slightRight, sharpLeft, sharpRight, uTurn
    case merge, onRamp, offRamp, forkLeft, forkRight
    case roundabout
    /// Leave a roundabout: the step from its exit on. It follows the ``roundabout`` step that entered the ring
    /// (whose instruction already names the exit), or starts a route that sets off on the ring.
    case exitRoundabout
    /// Board a ferry (the step is the crossing); ``leaveFerry`` is driving off it at the far side, and
    /// ``leaveFerryLeft`` / ``leaveFerryRight`` driving off it into a turn at the landing.
    case ferry, leaveFerry, leaveFerryLeft, leaveFerryRight
}

extension Maneuver {
    /// The maneuver's kind as the bus protocol spells it: OSRM's `depart`, `turn`, `continue`, `merge`,
    /// `onRamp`, `offRamp`, `fork`, `roundabout`, `exit roundabout` (here `exitRoundabout`), `uturn`, `arrive`,
    /// and Valhalla's ferry enter and exit as `ferry` and `leaveFerry`.
    public var kind: String {
        switch self {
        case .depart: "depart"
        case .arrive: "arrive"
        case .continue: "continue"
        case .ferry: "ferry"
        case .leaveFerry, .leaveFerryLeft, .leaveFerryRight: "leaveFerry"
        case .turnLeft, .turnRight, .slightLeft, .slightRight, .sharpLeft, .sharpRight: "turn"
        case .uTurn: "uturn"
        case .merge: "merge"
        case .onRamp: "onRamp"
        case .offRamp: "offRamp"
        case .forkLeft, .forkRight: "fork"
        case .roundabout: "roundabout"
        case .exitRoundabout: "exitRoundabout"
        }
    }

    /// The direction that goes with ``kind``: `left`, `right`, `slightLeft`, `slightRight`, `sharpLeft`,
    /// `sharpRight`, `straight` or `uturn`; nil where the kind has none.
    public var direction: String? {
        switch self {
        case .turnLeft, .forkLeft, .leaveFerryLeft: "left"
        case .turnRight, .forkRight, .leaveFerryRight: "right"
        case .slightLeft: "slightLeft"
        case .slightRight: "slightRight"
        case .sharpLeft: "sharpLeft"
        case .sharpRight: "sharpRight"
        case .continue: "straight"
        case .uTurn: "uturn"
        case .depart, .arrive, .merge, .onRamp, .offRamp, .roundabout, .exitRoundabout, .ferry, .leaveFerry: nil
        }
    }
}
