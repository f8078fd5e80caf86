import Foundation
import NavTesting
import Testing

/// `navbus route --prompts`: the voice rehearsal of a route from the command line.
@Suite struct RoutePromptsEndToEndTests {
    @Test("navbus route --prompts prints what the driver hears, in the chosen language, departure to arrival")
    func printsTheRehearsal() throws {
        let map = try PackagePaths.map("helsinki.osm.pbf").path
        let route = try TestProcess(
            "navbus",
            ["route", "--map", map, "--from", "60.16952,24.94099", "--to", "60.17386,24.95180", "--prompts",
             "--speed", "30", "--language", "fi"])
        #expect(route.waitForExit(timeout: 60) == 0, "\(route.standardError)")
        let lines = route.standardOutput.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex(of: "voice prompts at 30 km/h (fi, metric):"))
        let prompts = lines[(heading + 1)...]
        #expect(prompts.first?.contains("departure") == true, "\(prompts)")
        #expect(prompts.last?.contains("arrival") == true, "\(prompts)")
        #expect(prompts.contains { $0.contains("Käänny oikealle Kaivokadulle.") }, "\(prompts)")

        let badSpeed = try TestProcess(
            "navbus", ["route", "--map", map, "--from", "60.16952,24.94099", "--to", "60.17386,24.95180", "--prompts",
                       "--speed", "0"])
        #expect(badSpeed.waitForExit(timeout: 60) == 64)
        #expect(badSpeed.standardError.contains("--speed"))
    }
}
