import NavCore

/// A maneuver as a phrasebook needs it: what to do and the road it leads onto.
struct SpokenManeuver: Hashable, Codable, Sendable {
    enum Action: Hashable, Codable, Sendable {
        case depart(compass: CompassPoint)
        case turn(ManeuverModifier)
        case keep(left: Bool)
        case continueStraight
        case uTurn
        case merge
        case onRamp
        case offRamp
        case roundabout(exit: Int)
        /// Leave the ring; spoken only where the route sets off on it (otherwise the roundabout's own
        /// prompt named the exit).
        case exitRoundabout
        /// Board a ferry; `road` is the ferry's name.
        case boardFerry
        case leaveFerry
        /// Leave a ferry and turn at the landing.
        case leaveFerryTurning(left: Bool)
        case arrive(side: StreetSide?, isFinal: Bool)
    }

    var action: Action
    /// The road after the maneuver; empty when unnamed.
    var road: String
    /// Whether ``road`` is the road the driver is already on: a turn or a fork that keeps to it is said as
    /// staying on it ("keep left to stay on Kaivokatu"), not as a turn onto another street.
    var staysOnRoad = false

    /// The maneuver that starts a step, read from its kind and modifier.
    init(_ step: GuidanceStep) {
        road = step.roadName
        switch step.maneuver {
        case .turn, .endOfRoad:
            switch step.modifier {
            case .uTurn: action = .uTurn
            case .straight, nil: action = .continueStraight
            case .some(let modifier): action = .turn(modifier)
            }
        case .fork:
            action = .keep(left: [.left, .slightLeft, .sharpLeft].contains(step.modifier))
        case .continue, .newName:
            action = .continueStraight
        case .exitRoundabout: action = .exitRoundabout
        case .uTurn: action = .uTurn
        case .merge: action = .merge
        case .onRamp: action = .onRamp
        case .offRamp: action = .offRamp
        case .roundabout: action = .roundabout(exit: step.roundaboutExit ?? 1)
        case .ferry: action = .boardFerry
        case .leaveFerry:
            switch step.modifier {
            case .left, .sharpLeft: action = .leaveFerryTurning(left: true)
            case .right, .sharpRight: action = .leaveFerryTurning(left: false)
            default: action = .leaveFerry
            }
        case .depart: action = .depart(compass: .north)
        case .arrive: action = .arrive(side: nil, isFinal: true)
        }
    }

    init(action: Action, road: String, staysOnRoad: Bool = false) {
        self.action = action
        self.road = road
        self.staysOnRoad = staysOnRoad
    }

    private enum CodingKeys: String, CodingKey {
        case action, road, staysOnRoad
    }

    /// Reads a maneuver, also one saved before ``staysOnRoad`` existed.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        action = try container.decode(Action.self, forKey: .action)
        road = try container.decode(String.self, forKey: .road)
        staysOnRoad = try container.decodeIfPresent(Bool.self, forKey: .staysOnRoad) ?? false
    }
}
