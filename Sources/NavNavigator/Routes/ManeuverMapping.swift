import NavGuidance
import NavProtocol
import NavRouting

/// Translations of the router's maneuvers into the engine's and the wire's vocabularies.
///
/// The router names a turn and its direction in one value (`turnLeft`); the engine and the protocol
/// split them into a kind and a modifier, as OSRM does. Boarding and leaving a ferry are kinds of their own
/// in all three (Valhalla's ferry enter and exit); leaving one may carry the direction of the turn at the landing.
enum ManeuverMapping {
    static func guidance(_ maneuver: NavRouting.Maneuver) -> (ManeuverKind, NavGuidance.ManeuverModifier?) {
        switch maneuver {
        case .depart: (.depart, nil)
        case .arrive: (.arrive, nil)
        case .continue: (.continue, .straight)
        case .ferry: (.ferry, nil)
        case .leaveFerry: (.leaveFerry, nil)
        case .leaveFerryLeft: (.leaveFerry, .left)
        case .leaveFerryRight: (.leaveFerry, .right)
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
        case .exitRoundabout: (.exitRoundabout, nil)
        }
    }

    /// The wire's maneuver: the engine's kind and modifier in the protocol's (OSRM's) spelling.
    static func wire(_ maneuver: NavRouting.Maneuver, roundaboutExit: Int?) -> NavProtocol.Maneuver {
        let (kind, modifier) = guidance(maneuver)
        return NavProtocol.Maneuver(
            type: wire(kind), modifier: modifier.map(wire), roundaboutExit: kind == .roundabout ? roundaboutExit : nil)
    }

    static func wire(_ kind: ManeuverKind) -> ManeuverType {
        switch kind {
        case .depart: .depart
        case .turn: .turn
        case .continue, .newName: .continue
        case .endOfRoad: .turn
        case .merge: .merge
        case .onRamp: .onRamp
        case .offRamp: .offRamp
        case .fork: .fork
        case .roundabout: .roundabout
        case .exitRoundabout: .exitRoundabout
        case .uTurn: .uturn
        case .ferry: .ferry
        case .leaveFerry: .leaveFerry
        case .arrive: .arrive
        }
    }

    static func wire(_ modifier: NavGuidance.ManeuverModifier) -> NavProtocol.ManeuverModifier {
        switch modifier {
        case .uTurn: .uturn
        case .sharpRight: .sharpRight
        case .right: .right
        case .slightRight: .slightRight
        case .straight: .straight
        case .slightLeft: .slightLeft
        case .left: .left
        case .sharpLeft: .sharpLeft
        }
    }
}
