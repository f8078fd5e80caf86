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

    /// The engine's kinds the wire has no word for, and the wire's word for them.
    static let folded: [ManeuverKind: ManeuverType] = [
        .newName: .continue, .endOfRoad: .turn, .uTurn: .uturn,
    ]

    @Test("every engine maneuver kind has its wire kind, by name unless folded", arguments: ManeuverKind.allCases)
    func engineKinds(kind: ManeuverKind) {
        #expect(ManeuverMapping.wire(kind) == (Self.folded[kind] ?? ManeuverType(rawValue: kind.rawValue)))
    }

    @Test("every engine modifier has its wire modifier", arguments: NavGuidance.ManeuverModifier.allCases)
    func engineModifiers(modifier: NavGuidance.ManeuverModifier) {
        let expected = modifier == .uTurn ? .uturn : NavProtocol.ManeuverModifier(rawValue: modifier.rawValue)
        #expect(ManeuverMapping.wire(modifier) == expected)
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
