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
        /// Board a ferry; `road` is the ferry's name.
        case boardFerry
        case leaveFerry
        case arrive(side: StreetSide?, isFinal: Bool)
    }

    var action: Action
    /// The road after the maneuver; empty when unnamed.
    var road: String

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
        case .continue, .newName, .exitRoundabout:
            action = .continueStraight
        case .uTurn: action = .uTurn
        case .merge: action = .merge
        case .onRamp: action = .onRamp
        case .offRamp: action = .offRamp
        case .roundabout: action = .roundabout(exit: step.roundaboutExit ?? 1)
        case .ferry: action = .boardFerry
        case .leaveFerry: action = .leaveFerry
        case .depart: action = .depart(compass: .north)
        case .arrive: action = .arrive(side: nil, isFinal: true)
        }
    }

    init(action: Action, road: String) {
        self.action = action
        self.road = road
    }
}
