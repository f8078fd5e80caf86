@testable import NavGuidance
import NavCore
import Testing

@Suite("How prompts are worded")
struct VoicePhrasingTests {
    @Test(
        "metric distances: 10 m steps below 100 m, 100 m steps to 900 m, then half kilometres",
        arguments: [
            (4.0, "10 meters"), (44, "40 meters"), (87, "90 meters"), (96, "100 meters"), (287, "300 meters"),
            (349, "300 meters"), (351, "400 meters"), (890, "900 meters"), (951, "1 kilometer"),
            (1_240, "1 kilometer"), (1_260, "1.5 kilometers"), (2_740, "2.5 kilometers"), (3_900, "4 kilometers"),
        ])
    func metricDistances(meters: Double, spoken: String) {
        #expect(EnglishPhrasebook.words(SpokenDistance(meters: meters, units: .metric)) == spoken)
    }

    @Test(
        "imperial distances: feet to 1000 ft, quarter miles to a mile, then half miles",
        arguments: [
            (10.0, "30 feet"), (91.44, "300 feet"), (280, "900 feet"), (300, "1000 feet"), (402, "a quarter mile"),
            (805, "half a mile"), (1_207, "three quarters of a mile"), (1_609, "1 mile"), (2_414, "1.5 miles"),
            (3_300, "2 miles"),
        ])
    func imperialDistances(meters: Double, spoken: String) {
        #expect(EnglishPhrasebook.words(SpokenDistance(meters: meters, units: .imperial)) == spoken)
    }

    @Test("Finnish distances take the genitive before päästä and the partitive after a number")
    func finnishDistances() {
        #expect(FinnishPhrasebook.genitive(.meters(300)) == "300 metrin")
        #expect(FinnishPhrasebook.genitive(.kilometers(halves: 3)) == "1,5 kilometrin")
        #expect(FinnishPhrasebook.amount(.meters(400)) == "400 metriä")
        #expect(FinnishPhrasebook.amount(.kilometers(halves: 2)) == "1 kilometri")
        #expect(FinnishPhrasebook.amount(.kilometers(halves: 5)) == "2,5 kilometriä")
    }

    @Test(
        "Finnish street names go to the allative by their ending's gradation",
        arguments: [
            ("Kaivokatu", "Kaivokadulle"), ("Mannerheimintie", "Mannerheimintielle"),
            ("Kaisaniemen puistokuja", "Kaisaniemen puistokujalle"), ("Itäväylä", "Itäväylälle"),
            ("Hakaniemenranta", "Hakaniemenrannalle"), ("Kauppatori", "Kauppatorille"),
            ("Kalevankatu", "Kalevankadulle"), ("Mäntytie", "Mäntytielle"), ("Sammonpolku", "Sammonpolulle"),
            ("Ratapihankuja", "Ratapihankujalle"), ("Linnankoskenpuistotie", "Linnankoskenpuistotielle"),
            ("Mechelininkaari", "Mechelininkaarelle"), ("Ruoholahti", "Ruoholahdelle"), ("Kumpulanmäki", "Kumpulanmäelle"),
            ("Pitkäsilta", "Pitkäsillalle"), ("Urheilukenttä", "Urheilukentälle"), ("Ratapiha", "Ratapihalle"),
            ("Kamppi", "Kampille"), ("Asema-aukio", "Asema-aukiolle"), ("Lauttasaari", "Lauttasaarelle"),
            ("Munkkiniemen puistikko", "Munkkiniemen puistikolle"), ("Kivirinne", "Kivirinteelle"),
            ("Hiekkakangas", "Hiekkakankaalle"), ("Bulevardi", "Bulevardille"),
            ("Pohjoinen Makasiinikatu", "Pohjoiselle Makasiinikadulle"),
            ("Itäinen Teatterikuja", "Itäiselle Teatterikujalle"), ("Alvar Aallon katu", "Alvar Aallon kadulle"),
            ("Kehä I", "Kehä I:lle"), ("E12", "E12:lle"),
        ])
    func finnishAllative(name: String, allative: String) {
        #expect(FinnishInflection.allative(name) == allative)
    }

    @Test(
        "Finnish street names in the partitive keep the strong grade and follow vowel harmony",
        arguments: [
            ("Fabianinkatu", "Fabianinkatua"), ("Mannerheimintie", "Mannerheimintietä"), ("Itäväylä", "Itäväylää"),
            ("Hakaniemenranta", "Hakaniemenrantaa"), ("Mechelininkaari", "Mechelininkaarta"),
            ("Hakaniemi", "Hakaniemeä"), ("Asema-aukio", "Asema-aukiota"),
            ("Pohjoinen Makasiinikatu", "Pohjoista Makasiinikatua"), ("Itäinen Teatterikuja", "Itäistä Teatterikujaa"),
        ])
    func finnishPartitive(name: String, partitive: String) {
        #expect(FinnishInflection.partitive(name) == partitive)
    }

    @Test("English clauses and sentences: capital only at the start, a lower-case then")
    func englishSentences() {
        let book = EnglishPhrasebook()
        let right = book.clause(SpokenManeuver(action: .turn(.right), road: "Mannerheimintie"))
        let left = book.clause(SpokenManeuver(action: .turn(.left), road: "Kaivokatu"))
        #expect(EnglishPhrasebook.sentence(book.clause(right, in: .meters(300)))
            == "In 300 meters, turn right onto Mannerheimintie.")
        #expect(EnglishPhrasebook.sentence(book.chain(right, then: left))
            == "Turn right onto Mannerheimintie, then turn left onto Kaivokatu.")
        #expect(book.clause(SpokenManeuver(action: .roundabout(exit: 2), road: "Ring Road"))
            == "at the roundabout, take the 2nd exit onto Ring Road")
        #expect(book.clause(SpokenManeuver(action: .arrive(side: .right, isFinal: true), road: ""))
            == "your destination is on the right")
        #expect(EnglishPhrasebook.sentence(book.continueFor(.kilometers(halves: 3))) == "Continue for 1.5 kilometers.")
        #expect(book.clause(SpokenManeuver(action: .boardFerry, road: "")) == "take the ferry")
        #expect(book.clause(SpokenManeuver(action: .leaveFerry, road: "Kaivokatu"))
            == "leave the ferry and continue onto Kaivokatu")
        #expect(book.clause(SpokenManeuver(action: .depart(compass: CompassPoint(bearing: 44)), road: ""))
            == "head northeast")
    }

    @Test("Finnish clauses put the street in the case the verb needs, never \"kadulle Kaivokatu\"")
    func finnishSentences() {
        let book = FinnishPhrasebook()
        let right = book.clause(SpokenManeuver(action: .turn(.right), road: "Kaivokatu"))
        #expect(right == "käänny oikealle Kaivokadulle")
        #expect(EnglishPhrasebook.sentence(book.clause(right, in: .meters(300)))
            == "300 metrin päästä käänny oikealle Kaivokadulle.")
        let left = book.clause(SpokenManeuver(action: .turn(.left), road: "Mikonkatu"))
        #expect(EnglishPhrasebook.sentence(book.chain(right, then: left))
            == "Käänny oikealle Kaivokadulle, sitten käänny vasemmalle Mikonkadulle.")
        #expect(book.clause(SpokenManeuver(action: .depart(compass: .north), road: "Fabianinkatu"))
            == "aja pohjoiseen Fabianinkatua")
        #expect(book.clause(SpokenManeuver(action: .roundabout(exit: 3), road: "Sturenkatu"))
            == "poistu liikenneympyrästä kolmannesta liittymästä Sturenkadulle")
        #expect(book.clause(SpokenManeuver(action: .arrive(side: .left, isFinal: true), road: ""))
            == "määränpää on vasemmalla")
        #expect(book.clause(SpokenManeuver(action: .boardFerry, road: "")) == "siirry lautalle")
        #expect(book.clause(SpokenManeuver(action: .leaveFerry, road: "Kaivokatu")) == "poistu lautalta ja jatka Kaivokadulle")
    }
}

/// Keeping to the road through a fork or a turn, and turning as the ferry is left.
extension VoicePhrasingTests {
    @Test("staying on the road is said as staying on it, in English and with the partitive in Finnish")
    func stayingOnTheRoad() {
        let english = EnglishPhrasebook()
        let finnish = FinnishPhrasebook()
        let keep = SpokenManeuver(action: .keep(left: true), road: "Kaivokatu", staysOnRoad: true)
        let turn = SpokenManeuver(action: .turn(.sharpLeft), road: "Mikonkatu", staysOnRoad: true)
        let straight = SpokenManeuver(action: .continueStraight, road: "Kaivokatu", staysOnRoad: true)
        #expect(english.clause(keep) == "keep left to stay on Kaivokatu")
        #expect(english.clause(turn) == "turn sharp left to stay on Mikonkatu")
        #expect(english.clause(straight) == "continue to stay on Kaivokatu")
        #expect(finnish.clause(keep) == "pysy vasemmalla ja jatka Kaivokatua")
        #expect(finnish.clause(turn) == "käänny jyrkästi vasemmalle ja jatka Mikonkatua")
        #expect(finnish.clause(straight) == "jatka suoraan Kaivokatua")
        // Onto another road the wording is unchanged.
        #expect(english.clause(SpokenManeuver(action: .keep(left: true), road: "Kaivokatu")) == "keep left onto Kaivokatu")
    }

    @Test("leaving a ferry into a turn says which way, in English and Finnish")
    func leavingAFerryIntoATurn() {
        let right = SpokenManeuver(action: .leaveFerryTurning(left: false), road: "Satamatie")
        #expect(EnglishPhrasebook().clause(right) == "leave the ferry and turn right onto Satamatie")
        #expect(FinnishPhrasebook().clause(right) == "poistu lautalta ja käänny oikealle Satamatielle")
        let step = GuidanceStep(
            maneuver: .leaveFerry, modifier: .right, instruction: "", roadName: "Satamatie", startIndex: 0, endIndex: 1)
        #expect(SpokenManeuver(step).action == .leaveFerryTurning(left: false))
    }
}

/// `SpokenManeuver` reads the engine's step by an exhaustive switch; every kind is pinned here, so a new one
/// cannot slip through as something else.
extension VoicePhrasingTests {
    static let spokenKinds: [(ManeuverKind, String)] = [
        (.depart, "head north on Kaivokatu"), (.turn, "turn left onto Kaivokatu"), (.continue, "continue onto Kaivokatu"),
        (.newName, "continue onto Kaivokatu"), (.merge, "merge onto Kaivokatu"), (.onRamp, "take the ramp onto Kaivokatu"),
        (.offRamp, "take the exit onto Kaivokatu"), (.fork, "keep left onto Kaivokatu"),
        (.endOfRoad, "turn left onto Kaivokatu"), (.roundabout, "at the roundabout, take the 2nd exit onto Kaivokatu"),
        (.exitRoundabout, "exit the roundabout onto Kaivokatu"), (.uTurn, "make a U-turn onto Kaivokatu"),
        (.ferry, "take the ferry Kaivokatu"), (.leaveFerry, "leave the ferry and turn left onto Kaivokatu"),
        (.arrive, "your destination is ahead"),
    ]

    @Test("every engine maneuver kind has its English clause", arguments: spokenKinds)
    func everyKindIsSpoken(kind: ManeuverKind, clause: String) {
        let step = GuidanceStep(
            maneuver: kind, modifier: kind == .continue || kind == .newName ? .straight : .left, instruction: "",
            roadName: "Kaivokatu", startIndex: 0, endIndex: 1, roundaboutExit: 2)
        #expect(EnglishPhrasebook().clause(SpokenManeuver(step)) == clause)
    }

    @Test("the spoken kinds cover every engine kind")
    func spokenKindsCoverEveryKind() {
        #expect(Set(Self.spokenKinds.map(\.0)) == Set(ManeuverKind.allCases))
    }
}
