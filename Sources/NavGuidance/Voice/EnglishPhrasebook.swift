import NavCore

/// English prompts in the style of a car's navigation ("In 300 meters, turn right onto Kaivokatu.").
struct EnglishPhrasebook: Phrasebook {
    func clause(_ maneuver: SpokenManeuver) -> String {
        let road = maneuver.road
        let onto = road.isEmpty ? "" : maneuver.staysOnRoad ? " to stay on \(road)" : " onto \(road)"
        let ontoAnother = road.isEmpty ? "" : " onto \(road)"
        switch maneuver.action {
        case .depart(let compass): return "head \(compass.englishName)" + (road.isEmpty ? "" : " on \(road)")
        case .turn(let modifier):
            switch modifier {
            case .left: return "turn left" + onto
            case .right: return "turn right" + onto
            case .slightLeft: return "bear left" + onto
            case .slightRight: return "bear right" + onto
            case .sharpLeft: return "turn sharp left" + onto
            case .sharpRight: return "turn sharp right" + onto
            case .uTurn: return "make a U-turn" + onto
            case .straight: return road.isEmpty ? "continue straight" : "continue" + onto
            }
        case .keep(let left): return "keep \(left ? "left" : "right")" + onto
        case .continueStraight: return road.isEmpty ? "continue straight" : "continue" + onto
        case .uTurn: return "make a U-turn" + onto
        case .merge: return "merge" + ontoAnother
        case .onRamp: return "take the ramp" + ontoAnother
        case .offRamp: return "take the exit" + ontoAnother
        case .boardFerry: return "take the ferry" + (road.isEmpty ? "" : " \(road)")
        case .leaveFerry: return "leave the ferry" + (road.isEmpty ? "" : " and continue onto \(road)")
        case .leaveFerryTurning(let left): return "leave the ferry and turn \(left ? "left" : "right")" + ontoAnother
        case .roundabout(let exit): return "at the roundabout, take the \(Ordinal.english(exit)) exit" + onto
        case .exitRoundabout: return "exit the roundabout" + ontoAnother
        case .arrive(let side, let isFinal):
            let place = isFinal ? "your destination" : "your stop"
            guard let side else { return "\(place) is ahead" }
            return "\(place) is on the \(side.rawValue)"
        }
    }

    func clause(_ clause: String, in distance: SpokenDistance) -> String {
        "in \(Self.words(distance)), \(clause)"
    }

    func chain(_ first: String, then second: String) -> String {
        "\(first), then \(second)"
    }

    func then(_ clause: String) -> String {
        "then \(clause)"
    }

    func continueFor(_ distance: SpokenDistance) -> String {
        "continue for \(Self.words(distance))"
    }

    var rerouted: String { "route recalculated" }

    var fasterRoute: String { "taking a faster route" }

    func speedLimit(_ limit: Int, units: VoiceUnits) -> String {
        "speed limit \(limit) " + (units == .metric ? "kilometers per hour" : "miles per hour")
    }

    static func words(_ distance: SpokenDistance) -> String {
        switch distance {
        case .meters(let meters): return "\(meters) meters"
        case .kilometers(let halves):
            return halves == 2 ? "1 kilometer" : "\(Self.halves(halves)) kilometers"
        case .feet(let feet): return "\(feet) feet"
        case .miles(let quarters):
            switch quarters {
            case 1: return "a quarter mile"
            case 2: return "half a mile"
            case 3: return "three quarters of a mile"
            case 4: return "1 mile"
            default: return "\(Self.halves(quarters / 2)) miles"
            }
        }
    }

    /// 3 halves as "1.5", 4 as "2".
    static func halves(_ halves: Int) -> String {
        halves % 2 == 0 ? "\(halves / 2)" : "\(halves / 2).5"
    }
}
