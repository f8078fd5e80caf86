import Foundation
import NavMap
import NavNavigator
import NavProtocol
import NavRouting
import Testing

/// Voice guidance on real Helsinki routes and through the navigator's control API.
@Suite("Voice guidance")
struct VoiceGuidanceTests {
    @Test("on 40 Helsinki routes every maneuver is named 5 s ahead, no stage twice, none late", arguments: [20.0, 50.0, 100.0])
    func promptTimingOnHelsinkiRoutes(kmh: Double) throws {
        var planner = TripPlanner(map: try HelsinkiMap.map(), seed: 1_414)
        var total = PromptRehearsal.Audit()
        for _ in 0..<40 {
            let leg = planner.randomTrip(lengths: 500...4_000)
            let rehearsal = try PromptRehearsal(route: NavRouting.Route(legs: [leg]), speed: kmh / 3.6)
            let audit = rehearsal.audit
            #expect(audit.late == 0 && audit.repeated == 0, "\(rehearsal.transcript) \(rehearsal.maneuvers.map { "\($0.instruction) @\(Int($0.distanceAlong))" })")
            #expect(
                audit.announcedInTime == audit.maneuvers,
                "\(rehearsal.maneuvers.map(\.instruction)) \(rehearsal.prompts.map(\.prompt.text))")
            total.maneuvers += audit.maneuvers
            total.chained += audit.chained
            total.capitalisedThen += audit.capitalisedThen
        }
        #expect(total.maneuvers > 100)
        #expect(total.capitalisedThen == 0)
    }

    /// The fast version of `navbus-bench voice --noise 5,10`: real fixes are noisy, speed varies, and the
    /// vehicle stands at some lights while its tracked position wanders back and forth.
    @Test(
        "under GPS noise (σ 5 and 10 m, varying speed, stops at lights) every maneuver is named in time, none late or twice",
        arguments: [5.0, 10.0])
    func promptTimingUnderNoise(sigma: Double) throws {
        let map = try HelsinkiMap.map()
        var planner = TripPlanner(map: map, seed: 2_718)
        var total = NoisyRehearsal.Audit()
        var drives = 0
        for index in 0..<5 {
            let leg = planner.randomTrip(lengths: 800...2_500)
            for kmh in [20.0, 50.0] {
                let conditions = NoisyRehearsal.Conditions(
                    cruiseSpeed: kmh / 3.6, sigma: sigma, seed: UInt64(index * 100) + UInt64(kmh))
                let drive = try #require(
                    NoisyRehearsal(
                        from: leg.coordinates[0], to: leg.coordinates[leg.coordinates.count - 1], map: map,
                        conditions: conditions))
                let audit = drive.audit
                #expect(
                    audit.late == 0 && audit.repeated == 0 && audit.premature == 0
                        && audit.announcedInTime == audit.maneuvers,
                    "\(kmh) km/h: \(audit) \(drive.prompts.map { "\(Int($0.distanceAlong)) m: \($0.prompt.text)" })")
                total = total + audit
                drives += 1
            }
        }
        #expect(total.arrived == drives)
        #expect(total.maneuvers > 30)
    }

    @Test("navigator.configure sets the voice; prompts come on nav.voice_prompt.v1 in its language and volume")
    func configuredPromptsAreEmitted() throws {
        let map = try HelsinkiMap.map()
        let harness = try NavigatorHarness(map: map)
        let navigator = harness.navigator
        let configuration = try navigator.configure(
            ConfigureNavigatorParams(volumeLevel: .high, units: .metric, language: .finnish))
        #expect(configuration.volumeLevel == .high && configuration.language == .finnish)
        #expect(configuration.voiceGuidance == .alertsAndGuidance)
        let prompts = try drive(harness, map: map)
        #expect(prompts.count >= 4)
        #expect(prompts.first?.kind == .departure)
        #expect(prompts.first?.text.hasPrefix("Aja ") == true)
        #expect(prompts.allSatisfy { $0.volumeLevel == .high && $0.language == .finnish })
        #expect(prompts.contains { $0.kind == .arrival })
        #expect(prompts.allSatisfy { $0.validUntil > $0.time })
    }

    @Test("silent speaks nothing at all")
    func silentIsSilent() throws {
        let map = try HelsinkiMap.map()
        let harness = try NavigatorHarness(map: map)
        _ = try harness.navigator.configure(ConfigureNavigatorParams(voiceGuidance: .silent))
        #expect(try drive(harness, map: map).isEmpty)
    }

    @Test("the voice settings persist with the session across a restart")
    func settingsPersist() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navbus-voice-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let map = try HelsinkiMap.map()
        do {
            let harness = try NavigatorHarness(map: map, stateDirectory: directory)
            _ = try harness.navigator.configure(
                ConfigureNavigatorParams(voiceGuidance: .alertsOnly, volumeLevel: .low, units: .imperial))
        }
        let restarted = try NavigatorHarness(map: map, stateDirectory: directory)
        let configuration = restarted.navigator.state(VehicleParams()).configuration
        #expect(configuration.voiceGuidance == .alertsOnly)
        #expect(configuration.volumeLevel == .low)
        #expect(configuration.units == .imperial)
    }

    /// Plans a 1–2 km trip from a fix, starts guidance, drives it exactly at 10 m/s, returns the prompts.
    private func drive(_ harness: NavigatorHarness, map: NavigatorMap) throws -> [NavProtocol.VoicePrompt] {
        var planner = TripPlanner(map: map, seed: 77)
        let leg = planner.randomTrip(lengths: 1_000...2_000)
        let origin = leg.coordinates[0]
        let destination = leg.coordinates[leg.coordinates.count - 1]
        var trace = RouteTrace(seed: 3, sigma: 0)
        trace.drive(leg.coordinates, speeds: Array(repeating: 10, count: leg.coordinates.count - 1))
        harness.send(trace.samples[0].fix)
        let status = harness.navigator.setDestinations(
            SetDestinationsParams(
                waypoints: [Waypoint(title: "end", latitude: destination.latitude, longitude: destination.longitude)]))
        #expect(status.routeStatus == .ok, "from \(origin)")
        _ = harness.navigator.setGuidanceActive(SetGuidanceActiveParams(active: true))
        for sample in trace.samples { harness.send(sample.fix) }
        return harness.events.compactMap { if case .voicePrompt(let prompt) = $0.payload { prompt } else { nil } }
    }
}

/// A ferry from the router through the engine to the voice: the generated city's river is crossed by one.
extension VoiceGuidanceTests {
    @Test("a route over the ferry boards and leaves it by name in the prompts")
    func ferryFromRouterToVoice() throws {
        let network = SyntheticNetwork(nodeCount: 3_600, seed: 9)
        let graph = try network.graph()
        let router = Router(graph: graph)
        func place(_ column: Int) throws -> NavRouting.Waypoint {
            let node = try #require(graph.node(forOSMID: network.nodeID(row: network.ferryRow, column: column)))
            return NavRouting.Waypoint(coordinate: graph.coordinate(ofNode: node))
        }
        let result = router.route(
            RouteRequest(waypoints: [try place(network.riverColumn - 1), try place(network.riverColumn + 2)]))
        let route = try #require(result.routes.first)
        let maneuvers = route.steps.map { $0.maneuver }
        #expect(maneuvers.contains(.ferry) && maneuvers.contains(.leaveFerry), "\(route.steps.map(\.instruction))")
        let rehearsal = try PromptRehearsal(route: route, speed: 30 / 3.6)
        let texts = rehearsal.prompts.map(\.prompt.text)
        #expect(texts.contains { $0.contains("take the ferry River Ferry") || $0.hasPrefix("Take the ferry River Ferry") }, "\(texts)")
        #expect(texts.contains { $0.localizedCaseInsensitiveContains("leave the ferry") }, "\(texts)")
        #expect(rehearsal.audit.late == 0 && rehearsal.audit.repeated == 0)
    }
}
