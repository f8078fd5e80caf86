import NavCore
import NavGuidance
import Testing

@Suite("Sun elevation and suggested lighting")
struct LightingTests {
    /// Reference elevations in degrees, without refraction, produced with astral 3.2:
    /// `astral.sun.elevation(Observer(lat, lon), datetime.fromtimestamp(t, timezone.utc), with_refraction=False)`.
    /// Columns: latitude, longitude, Unix time, elevation.
    static let references: [(Double, Double, Double, Double)] = [
        (60.1699, 24.9384, 1_718_877_600, 53.0684),  // Helsinki 2024-06-20T10:00:00Z
        (60.1699, 24.9384, 1_734_782_400, 3.8618),  // Helsinki 2024-12-21T12:00:00Z
        (60.1699, 24.9384, 1_710_916_200, 14.7177),  // Helsinki 2024-03-20T06:30:00Z
        (60.1699, 24.9384, 1_727_028_900, -14.7360),  // Helsinki 2024-09-22T18:15:00Z
        (60.1699, 24.9384, 1_736_910_000, -29.2794),  // Helsinki 2025-01-15T03:00:00Z
        (0.0, 32.58, 1_718_877_600, 66.4686),  // equator 2024-06-20T10:00:00Z
        (0.0, 32.58, 1_734_782_400, 50.3067),  // equator 2024-12-21T12:00:00Z
        (0.0, 32.58, 1_710_916_200, 38.2403),  // equator 2024-03-20T06:30:00Z
        (0.0, 32.58, 1_727_028_900, -38.2111),  // equator 2024-09-22T18:15:00Z
        (0.0, 32.58, 1_736_910_000, -13.7514),  // equator 2025-01-15T03:00:00Z
        (70.0, 23.0, 1_718_877_600, 43.2308),  // 70°N 2024-06-20T10:00:00Z
        (70.0, 23.0, 1_734_782_400, -4.9237),  // 70°N 2024-12-21T12:00:00Z (polar night, noon)
        (70.0, 23.0, 1_710_916_200, 9.4952),  // 70°N 2024-03-20T06:30:00Z
        (70.0, 23.0, 1_727_028_900, -9.5194),  // 70°N 2024-09-22T18:15:00Z
        (70.0, 23.0, 1_736_910_000, -28.0147),  // 70°N 2025-01-15T03:00:00Z
        (-33.8688, 151.2093, 1_718_877_600, -37.7050),  // Sydney 2024-06-20T10:00:00Z
        (-33.8688, 151.2093, 1_734_782_400, -26.6558),  // Sydney 2024-12-21T12:00:00Z
        (-33.8688, 151.2093, 1_710_916_200, 19.0031),  // Sydney 2024-03-20T06:30:00Z
        (-33.8688, 151.2093, 1_727_028_900, -19.0061),  // Sydney 2024-09-22T18:15:00Z
        (-33.8688, 151.2093, 1_736_910_000, 72.2994),  // Sydney 2025-01-15T03:00:00Z
    ]

    @Test("sun elevation matches astral within 0.01°", arguments: references)
    func elevation(reference: (Double, Double, Double, Double)) {
        let (latitude, longitude, time, expected) = reference
        let computed = SolarPosition.elevation(latitude: latitude, longitude: longitude, time: time)
        #expect(abs(computed - expected) < 0.01, "computed \(computed)°, astral \(expected)°")
    }

    @Test("across a Helsinki sunset: normal at the start, then low light once, below the hysteresis band")
    func sunset() throws {
        // 2024-03-20 16:20Z to 16:50Z; astral puts the sun at +1.120° at 16:20, -0.121° at 16:30 and
        // -1.362° at 16:40 (no refraction), so the switch at -1.333° falls just before 16:40.
        let start = 1_710_951_600.0
        let engine = GuidanceEngine()
        var state = GuidanceState()
        _ = engine.apply(.setRoute(GuidanceRoute(legs: [Streets.leg(Streets.straight)])), to: &state)
        _ = engine.apply(.setGuidanceActive(true), to: &state)
        var changes: [(time: Double, mode: LightingMode, elevation: Double)] = []
        for second in stride(from: 0.0, through: 1_800, by: 1) {
            let fix = Fix(
                latitude: Streets.origin.latitude, longitude: Streets.origin.longitude, speed: 0, time: start + second)
            for event in engine.apply(.fix(fix), to: &state) {
                if case .lightingMode(let mode, let elevation) = event { changes.append((second, mode, elevation)) }
            }
        }
        #expect(changes.map(\.mode) == [.normal, .lowLight])
        let switchAt = try #require(changes.last)
        #expect(switchAt.elevation < -1.333 && switchAt.elevation > -1.42)
        #expect(switchAt.time > 1_100 && switchAt.time < 1_210)
    }

    @Test("lighting is sent again when guidance starts again")
    func resentOnStart() {
        let engine = GuidanceEngine()
        var state = GuidanceState()
        _ = engine.apply(.setRoute(GuidanceRoute(legs: [Streets.leg(Streets.straight)])), to: &state)
        var count = 0
        for round in 0..<2 {
            _ = engine.apply(.setGuidanceActive(true), to: &state)
            for second in 0..<5 {
                let fix = Fix(
                    latitude: 60.17, longitude: 24.94, speed: 0, time: 1_718_877_600 + Double(round * 10 + second))
                count += engine.apply(.fix(fix), to: &state).count {
                    if case .lightingMode(.normal, _) = $0 { true } else { false }
                }
            }
            _ = engine.apply(.setGuidanceActive(false), to: &state)
        }
        #expect(count == 2)
    }
}
