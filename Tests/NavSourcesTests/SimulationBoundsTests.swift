import NavSources
import Testing

/// Issue #12 item 4: `locationSimulator.configure {"speedProfile":"limit+1e308%"}` trapped the feeder at
/// SpeedProfile.swift:52, and `jitterMeters` 1e308 made it publish latitude 1.5e302.
@Suite struct SimulationBoundsTests {
    @Test(
        "speed profiles beyond their bounds are refused",
        arguments: ["limit+1e308%", "limit+301%", "limit-100%", "constant:1e308", "constant:151", "constant:nan",
                    "constant:inf", "limit+nan%"])
    func outOfBoundProfiles(text: String) {
        #expect(throws: SourceError.self) { try SpeedProfile(parsing: text) }
    }

    @Test func theLargestAcceptedProfilesStillPrint() throws {
        #expect(try SpeedProfile(parsing: "limit+300%").description == "limit+300%")
        #expect(try SpeedProfile(parsing: "constant:150").description == "constant:150.0")
        // A factor made in code rather than parsed prints without trapping, however large.
        #expect(SpeedProfile.scaledLimit(1e306).description.hasPrefix("limit+"))
    }

    @Test func anErrorQuotesALongProfileShortly() {
        do {
            _ = try SpeedProfile(parsing: String(repeating: "x", count: 100_000))
            Issue.record("a 100 kB profile was accepted")
        } catch {
            #expect("\(error)".count < 300)
        }
    }

    @Test(
        "simulation options beyond their bounds are refused",
        arguments: ["jitterMeters 1e308", "jitterMeters 1001", "speedMultiplier 1e308", "interval nan",
                    "leaveRouteAtMeters 1e308", "acceleration inf"])
    func outOfBoundOptions(setting: String) {
        var options = SimulationOptions()
        switch setting {
        case "jitterMeters 1e308": options.jitterMeters = 1e308
        case "jitterMeters 1001": options.jitterMeters = 1001
        case "speedMultiplier 1e308": options.speedMultiplier = 1e308
        case "interval nan": options.interval = .nan
        case "leaveRouteAtMeters 1e308": options.leaveRouteAtMeters = 1e308
        default: options.acceleration = .infinity
        }
        #expect(throws: SourceError.self, "\(setting)") { try options.validate() }
        var jittery = SimulationOptions()
        jittery.jitterMeters = SimulationOptions.maximumJitterMeters
        #expect(throws: Never.self) { try jittery.validate() }
    }
}
