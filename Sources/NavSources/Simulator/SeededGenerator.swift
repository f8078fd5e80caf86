#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small deterministic random number generator (SplitMix64), so a simulation with the same seed
/// produces the same fixes on every machine and every run.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    /// - Parameter seed: any value; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A pair of independent standard normal samples (Box–Muller).
    mutating func gaussianPair() -> (Double, Double) {
        // Draw from (0, 1] so the logarithm stays finite.
        let u1 = (Double(next() >> 11) + 1) / 9_007_199_254_740_992
        let u2 = Double(next() >> 11) / 9_007_199_254_740_992
        let radius = (-2 * log(u1)).squareRoot()
        let angle = 2 * Double.pi * u2
        return (radius * cos(angle), radius * sin(angle))
    }
}
