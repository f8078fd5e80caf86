import Foundation

/// A small deterministic random number generator (SeededGenerator), so that a simulation, a synthetic network or
/// a randomised test with the same seed gives the same result on every machine and every run.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
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

    /// A uniform value in 0..<1 with 53 random bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) / 9_007_199_254_740_992
    }

    /// A uniform value strictly inside (0, 1), safe for logarithms.
    public mutating func uniform() -> Double {
        (Double(next() >> 11) + 0.5) / 9_007_199_254_740_992
    }

    /// A normal sample with standard deviation `sigma` and mean 0 (Box–Muller).
    public mutating func gaussian(sigma: Double = 1) -> Double {
        sigma * (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
    }

    /// A whole number in 0..<count; `count` must be positive.
    public mutating func index(below count: Int) -> Int {
        Int(next() % UInt64(max(1, count)))
    }

    /// A pair of independent standard normal samples (Box–Muller).
    public mutating func gaussianPair() -> (Double, Double) {
        // Draw from (0, 1] so the logarithm stays finite.
        let u1 = (Double(next() >> 11) + 1) / 9_007_199_254_740_992
        let u2 = nextUnit()
        let radius = (-2 * log(u1)).squareRoot()
        let angle = 2 * Double.pi * u2
        return (radius * cos(angle), radius * sin(angle))
    }
}
