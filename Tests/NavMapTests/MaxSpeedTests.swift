import NavMap
import Testing

@Suite struct MaxSpeedTests {
    @Test(arguments: [
        ("50", 50.0), ("50 km/h", 50.0), ("80kmh", 80.0), ("30 mph", 48.28032), ("10 knots", 18.52),
        ("DE:urban", 50.0), ("FI:rural", 80.0), ("fi:motorway", 120.0), ("GB:nsl_single", 96.56064),
        ("DE:zone30", 30.0), ("DE:zone:30", 30.0), ("walk", 7.0), ("DE:living_street", 7.0), ("60;40", 60.0),
    ])
    func readsPostedLimits(text: String, kmh: Double) {
        let parsed = MaxSpeed(osmValue: text)?.kmh
        #expect(parsed != nil && abs(parsed! - kmh) < 0.01, "\(text) gave \(String(describing: parsed))")
    }

    @Test func noneMeansNoLegalLimit() {
        #expect(MaxSpeed(osmValue: "none") == .unlimited)
        #expect(MaxSpeed(osmValue: "DE:motorway") == .unlimited)
        #expect(MaxSpeed(osmValue: "none")?.kmh == nil)
    }

    @Test func signalsMeanVariableLimit() {
        #expect(MaxSpeed(osmValue: "signals") == .variable)
        #expect(MaxSpeed(osmValue: "variable")?.kmh == nil)
    }

    @Test(arguments: ["", "fast", "-5", "km/h"])
    func rejectsText(_ text: String) {
        #expect(MaxSpeed(osmValue: text) == nil)
    }

    @Test func directionalLimitsOverrideTheGenericOne() throws {
        let rules = try #require(
            WayRules(tags: [
                "highway": "primary", "maxspeed": "60", "maxspeed:forward": "50", "maxspeed:backward": "30 mph",
            ]))
        #expect(rules.speedLimitForward == 50)
        #expect(abs((rules.speedLimitBackward ?? 0) - 48.28) < 0.01)
        #expect(rules.motorSpeedForward < rules.motorSpeedBackward + 10)
    }

    @Test func unknownLimitFallsBackToTheClassSpeed() throws {
        let motorway = try #require(WayRules(tags: ["highway": "motorway"]))
        let residential = try #require(WayRules(tags: ["highway": "residential", "maxspeed": "signals"]))
        #expect(motorway.speedLimitForward == nil)
        #expect(motorway.motorSpeedForward > residential.motorSpeedForward)
        #expect(residential.speedLimitForward == nil)
    }
}
