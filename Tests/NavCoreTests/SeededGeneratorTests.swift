import NavCore
import Testing

@Suite("Seeded generator")
struct SeededGeneratorTests {
    @Test("equal seeds give equal sequences, other seeds other ones")
    func reproducible() {
        var a = SeededGenerator(seed: 42)
        var b = SeededGenerator(seed: 42)
        var c = SeededGenerator(seed: 43)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
    }

    @Test("SplitMix64's published first output for seed 0")
    func knownValue() {
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    }

    @Test("uniform values stay inside (0, 1) and gaussians have the asked spread")
    func distributions() {
        var generator = SeededGenerator(seed: 7)
        let uniforms = (0..<10_000).map { _ in generator.uniform() }
        #expect(uniforms.allSatisfy { $0 > 0 && $0 < 1 })
        let samples = (0..<20_000).map { _ in generator.gaussian(sigma: 5) }
        let mean = samples.reduce(0, +) / Double(samples.count)
        let variance = samples.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(samples.count)
        #expect(abs(mean) < 0.15)
        #expect(abs(variance.squareRoot() - 5) < 0.15)
        #expect((0..<1_000).allSatisfy { _ in (0..<7).contains(generator.index(below: 7)) })
    }
}
