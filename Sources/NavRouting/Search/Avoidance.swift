/// How one leg's search treats the roads a request asks to avoid (highways, tolls, ferries).
///
/// The rule, per leg: the route keeps off those roads entirely when a route without them exists that is at
/// most twice as long as the fastest route, or at most 2 km longer (``acceptableLength(fastest:)``). Length,
/// not time, is compared: a motorway is several times faster than the streets beside it, so an equally long
/// route off it would never count as a sensible detour by time. When the only routes without them are longer
/// than that, the fastest route is taken; when no route without them exists at all (a waypoint on a motorway,
/// an island), the route uses them as little as it can (each such arc made 50 times dearer plus ten minutes).
/// Either way the leg then reports the kinds of road it could not avoid (`violatedAvoids`).
struct Avoidance: Sendable, Equatable {
    /// Segment flags of arcs made dearer.
    var penalised: UInt8 = 0
    /// Segment flags of arcs not used at all.
    var forbidden: UInt8 = 0

    /// The longest route without the avoided roads that is still taken, for a fastest route of `fastest`
    /// metres.
    static func acceptableLength(fastest: Double) -> Double {
        max(2 * fastest, fastest + 2_000)
    }

    static let none = Avoidance()

    static func keepingOff(_ flags: UInt8) -> Avoidance { Avoidance(forbidden: flags) }

    static func penalising(_ flags: UInt8) -> Avoidance { Avoidance(penalised: flags) }
}
