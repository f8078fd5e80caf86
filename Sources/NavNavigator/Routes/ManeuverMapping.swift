import NavGuidance
import NavProtocol
import NavRouting

/// Translations of the router's maneuvers into the engine's and the wire's vocabularies.
///
/// The router names a turn and its direction in one value (`turnLeft`); the engine and the protocol
/// split them into a kind and a modifier, as OSRM does. A ferry has no maneuver of its own on the wire
/// and is carried on as `continue`; its instruction still says "Take the ferry".
enum ManeuverMapping {
    static func guidance(_ maneuver: NavRouting.Maneuver) -> (ManeuverKind, NavGuidance.ManeuverModifier?) {
        switch maneuver {
        case .depart: (.depart, nil)
        case .arrive: (.arrive, nil)
        case .continue, .ferry: (.continue, .straight)
        case .turnLeft: (.turn, .left)
        case .turnRight: (.turn, .right)
        case .slightLeft: (.turn, .slightLeft)
        case .slightRight: (.turn, .slightRight)
        case .sharpLeft: (.turn, .sharpLeft)
        case .sharpRight: (.turn, .sharpRight)
        case .uTurn: (.uTurn, .uTurn)
        case .merge: (.merge, nil)
        case .onRamp: (.onRamp, nil)
        case .offRamp: (.offRamp, nil)
        case .forkLeft: (.fork, .left)
        case .forkRight: (.fork, .right)
        case .roundabout: (.roundabout, nil)
        }
    }

    static func wire(_ maneuver: NavRouting.Maneuver, roundaboutExit: Int?) -> NavProtocol.Maneuver {
        switch maneuver {
        case .depart: NavProtocol.Maneuver(type: .depart)
        case .arrive: NavProtocol.Maneuver(type: .arrive)
        case .continue, .ferry: NavProtocol.Maneuver(type: .continue, modifier: .straight)
        case .turnLeft: NavProtocol.Maneuver(type: .turn, modifier: .left)
        case .turnRight: NavProtocol.Maneuver(type: .turn, modifier: .right)
        case .slightLeft: NavProtocol.Maneuver(type: .turn, modifier: .slightLeft)
        case .slightRight: NavProtocol.Maneuver(type: .turn, modifier: .slightRight)
        case .sharpLeft: NavProtocol.Maneuver(type: .turn, modifier: .sharpLeft)
        case .sharpRight: NavProtocol.Maneuver(type: .turn, modifier: .sharpRight)
        case .uTurn: NavProtocol.Maneuver(type: .uturn, modifier: .uturn)
        case .merge: NavProtocol.Maneuver(type: .merge)
        case .onRamp: NavProtocol.Maneuver(type: .onRamp)
        case .offRamp: NavProtocol.Maneuver(type: .offRamp)
        case .forkLeft: NavProtocol.Maneuver(type: .fork, modifier: .left)
        case .forkRight: NavProtocol.Maneuver(type: .fork, modifier: .right)
        case .roundabout: NavProtocol.Maneuver(type: .roundabout, roundaboutExit: roundaboutExit)
        }
    }
}
