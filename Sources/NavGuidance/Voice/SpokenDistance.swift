import NavCore

/// A distance rounded the way people say it.
///
/// Metric: 10 m steps below 100 m, 100 m steps up to 900 m, then half kilometres. Imperial: 10 ft steps
/// below 100 ft, 100 ft steps to 1000 ft, then quarter miles up to a mile, then half miles.
enum SpokenDistance: Hashable, Sendable {
    case meters(Int)
    /// Kilometres in halves: `halves` 2 is one kilometre, 3 is 1.5.
    case kilometers(halves: Int)
    case feet(Int)
    /// Miles in quarters below one mile, in halves (counted as quarters) above.
    case miles(quarters: Int)

    static let metersPerFoot = 0.3048
    static let metersPerMile = 1_609.344

    init(meters: Double, units: VoiceUnits) {
        let value = max(0, meters)
        switch units {
        case .metric:
            if value < 95 {
                self = .meters(max(10, Int((value / 10).rounded()) * 10))
            } else if value < 950 {
                self = .meters(Int((value / 100).rounded()) * 100)
            } else {
                self = .kilometers(halves: max(2, Int((value / 500).rounded())))
            }
        case .imperial:
            let feet = value / Self.metersPerFoot
            let quarters = value / (Self.metersPerMile / 4)
            if feet < 95 {
                self = .feet(max(10, Int((feet / 10).rounded()) * 10))
            } else if feet < 1_050 {
                self = .feet(Int((feet / 100).rounded()) * 100)
            } else if quarters < 4.5 {
                self = .miles(quarters: max(1, Int(quarters.rounded())))
            } else {
                self = .miles(quarters: Int((quarters / 2).rounded()) * 2)
            }
        }
    }
}
