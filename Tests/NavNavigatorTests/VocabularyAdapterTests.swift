import NavGuidance
import NavProtocol
import NavRouting
import Testing

@testable import NavNavigator

/// The few places where the router's, the engine's and the wire's vocabularies are rightly different are
/// exhaustive switches; these tests pin every case, so a new one cannot slip through as a default.
@Suite("Vocabulary adapters")
struct VocabularyAdapterTests {
    @Test("every router maneuver reaches the wire with the kind and direction the router spells", arguments: NavRouting.Maneuver.allCases)
    func wireManeuver(maneuver: NavRouting.Maneuver) {
        let wire = ManeuverMapping.wire(maneuver, roundaboutExit: 2)
        #expect(wire.type.rawValue == maneuver.kind)
        #expect(wire.modifier?.rawValue == maneuver.direction)
        #expect((wire.roundaboutExit != nil) == (maneuver == .roundabout))
    }

    @Test("every router maneuver reaches the engine as the same kind and direction", arguments: NavRouting.Maneuver.allCases)
    func guidanceManeuver(maneuver: NavRouting.Maneuver) {
        let (kind, modifier) = ManeuverMapping.guidance(maneuver)
        let wire = ManeuverMapping.wire(maneuver, roundaboutExit: nil)
        let engineKindOnWire: String =
            switch kind {
            case .uTurn: "uturn"
            default: kind.rawValue
            }
        #expect(engineKindOnWire == wire.type.rawValue)
        let engineModifierOnWire: String? =
            switch modifier {
            case .uTurn: "uturn"
            default: modifier?.rawValue
            }
        #expect(engineModifierOnWire == wire.modifier?.rawValue)
    }

    @Test(
        "every engine state has its wire state",
        arguments: [
            (NavGuidance.NavState.enroute, NavProtocol.NavState.enroute), (.rerouting, .rerouting), (.stopped, .stopped),
        ])
    func navStates(engine: NavGuidance.NavState, wire: NavProtocol.NavState) {
        #expect(VehicleSession.wire(engine) == wire)
    }
}
