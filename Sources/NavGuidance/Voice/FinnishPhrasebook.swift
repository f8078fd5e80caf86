import NavCore

/// Finnish prompts, with street names in the case the sentence needs ("Käänny oikealle Kaivokadulle.").
struct FinnishPhrasebook: Phrasebook {
    func clause(_ maneuver: SpokenManeuver) -> String {
        let road = maneuver.road
        // Staying on the road is continuing along it, with the name in the partitive ("ja jatka Kaivokatua").
        let staying = maneuver.staysOnRoad && !road.isEmpty
        let along = staying ? " ja jatka " + FinnishInflection.partitive(road) : ""
        let onto = road.isEmpty ? "" : staying ? along : " " + FinnishInflection.allative(road)
        let ontoAnother = road.isEmpty ? "" : " " + FinnishInflection.allative(road)
        switch maneuver.action {
        case .depart(let compass):
            return "aja \(Self.compass(compass))" + (road.isEmpty ? "" : " " + FinnishInflection.partitive(road))
        case .turn(let modifier):
            switch modifier {
            case .left: return "käänny vasemmalle" + onto
            case .right: return "käänny oikealle" + onto
            case .slightLeft: return "käänny loivasti vasemmalle" + onto
            case .slightRight: return "käänny loivasti oikealle" + onto
            case .sharpLeft: return "käänny jyrkästi vasemmalle" + onto
            case .sharpRight: return "käänny jyrkästi oikealle" + onto
            case .uTurn: return "tee U-käännös" + (staying ? along : road.isEmpty ? "" : " ja aja" + onto)
            case .straight: return "jatka suoraan" + (staying ? " " + FinnishInflection.partitive(road) : onto)
            }
        case .keep(let left):
            return "pysy \(left ? "vasemmalla" : "oikealla")" + (staying ? along : road.isEmpty ? "" : " ja aja" + onto)
        case .continueStraight: return "jatka suoraan" + (staying ? " " + FinnishInflection.partitive(road) : onto)
        case .uTurn: return "tee U-käännös" + (staying ? along : road.isEmpty ? "" : " ja aja" + onto)
        case .merge: return road.isEmpty ? "liity liikennevirtaan" : "liity" + ontoAnother
        case .onRamp: return "aja rampille" + (road.isEmpty ? "" : " ja jatka" + ontoAnother)
        case .offRamp: return "poistu liittymästä" + ontoAnother
        // A ferry's name is a label, not a place to inflect ("Suomenlinnan lautta"): it follows after a comma.
        case .boardFerry: return "siirry lautalle" + (road.isEmpty ? "" : ", \(road)")
        case .leaveFerry: return "poistu lautalta" + (road.isEmpty ? "" : " ja jatka" + ontoAnother)
        case .leaveFerryTurning(let left):
            return "poistu lautalta ja käänny \(left ? "vasemmalle" : "oikealle")" + ontoAnother
        case .roundabout(let exit): return "poistu liikenneympyrästä \(Self.ordinalElative(exit)) liittymästä" + onto
        case .exitRoundabout: return "poistu liikenneympyrästä" + ontoAnother
        case .arrive(let side, let isFinal):
            let place = isFinal ? "määränpää" : "välipysähdys"
            switch side {
            case .left: return "\(place) on vasemmalla"
            case .right: return "\(place) on oikealla"
            case nil: return "\(place) on edessä"
            }
        }
    }

    func clause(_ clause: String, in distance: SpokenDistance) -> String {
        "\(Self.genitive(distance)) päästä \(clause)"
    }

    func chain(_ first: String, then second: String) -> String {
        "\(first), sitten \(second)"
    }

    func then(_ clause: String) -> String {
        "sitten \(clause)"
    }

    func continueFor(_ distance: SpokenDistance) -> String {
        "jatka \(Self.amount(distance))"
    }

    var rerouted: String { "reitti laskettu uudelleen" }

    var fasterRoute: String { "vaihdetaan nopeammalle reitille" }

    func speedLimit(_ limit: Int, units: VoiceUnits) -> String {
        "nopeusrajoitus \(limit)" + (units == .metric ? "" : " mailia tunnissa")
    }

    /// "300 metriä", "1 kilometri", "1,5 kilometriä": a number takes the partitive except 1.
    static func amount(_ distance: SpokenDistance) -> String {
        switch distance {
        case .meters(let meters): return "\(meters) metriä"
        case .kilometers(let halves): return halves == 2 ? "1 kilometri" : "\(Self.halves(halves)) kilometriä"
        case .feet(let feet): return "\(feet) jalkaa"
        case .miles(let quarters):
            switch quarters {
            case 1: return "neljännesmaili"
            case 2: return "puoli mailia"
            case 3: return "kolme neljännesmailia"
            case 4: return "1 maili"
            default: return "\(Self.halves(quarters / 2)) mailia"
            }
        }
    }

    /// "300 metrin", "1,5 kilometrin" (before "päästä").
    static func genitive(_ distance: SpokenDistance) -> String {
        switch distance {
        case .meters(let meters): return "\(meters) metrin"
        case .kilometers(let halves): return "\(Self.halves(halves)) kilometrin"
        case .feet(let feet): return "\(feet) jalan"
        case .miles(let quarters):
            switch quarters {
            case 1: return "neljännesmailin"
            case 2: return "puolen mailin"
            case 3: return "kolmen neljännesmailin"
            default: return "\(Self.halves(quarters / 2)) mailin"
            }
        }
    }

    /// 3 halves as "1,5" (Finnish decimal comma), 4 as "2".
    static func halves(_ halves: Int) -> String {
        halves % 2 == 0 ? "\(halves / 2)" : "\(halves / 2),5"
    }

    /// "ensimmäisestä", "toisesta", …: which exit, in the elative.
    static func ordinalElative(_ n: Int) -> String {
        let words = [
            "ensimmäisestä", "toisesta", "kolmannesta", "neljännestä", "viidennestä", "kuudennesta",
            "seitsemännestä", "kahdeksannesta", "yhdeksännestä",
        ]
        return words.indices.contains(n - 1) ? words[n - 1] : "\(n)."
    }

    /// The compass point as a direction to drive in (illative).
    static func compass(_ compass: CompassPoint) -> String {
        switch compass {
        case .north: "pohjoiseen"
        case .northeast: "koilliseen"
        case .east: "itään"
        case .southeast: "kaakkoon"
        case .south: "etelään"
        case .southwest: "lounaaseen"
        case .west: "länteen"
        case .northwest: "luoteeseen"
        }
    }
}
