import NavCore

/// How prompts are worded in one language. Clauses start in lower case; the monitor joins them into
/// sentences and capitalises only the first letter of each, so a chained "then" stays in lower case.
protocol Phrasebook: Sendable {
    /// What to do: "turn right onto Kaivokatu".
    func clause(_ maneuver: SpokenManeuver) -> String
    /// The clause with the distance to it: "in 300 meters, turn right onto Kaivokatu".
    func clause(_ clause: String, in distance: SpokenDistance) -> String
    /// Two maneuvers close together: "turn right onto Kaivokatu, then turn left onto Mikonkatu".
    func chain(_ first: String, then second: String) -> String
    /// The maneuver after the one about to be made: "then turn left onto Mikonkatu".
    func then(_ clause: String) -> String
    /// After a maneuver, on a long step: "continue for 2 kilometers".
    func continueFor(_ distance: SpokenDistance) -> String
    /// A new route was computed after leaving the old one.
    var rerouted: String { get }
    /// A faster route was taken.
    var fasterRoute: String { get }
    /// Over the speed limit, in km/h or mph.
    func speedLimit(_ limit: Int, units: VoiceUnits) -> String
}

extension Phrasebook {
    /// A clause as a sentence: first letter capitalised, a full stop at the end.
    static func sentence(_ clause: String) -> String {
        guard let first = clause.first else { return clause }
        return first.uppercased() + clause.dropFirst() + "."
    }
}
