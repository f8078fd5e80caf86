import NavCore
import NavGuidance
import Testing

/// A guidance session with the voice monitor following it, as the navigator runs the two.
struct VoiceSession {
    var session: Session
    var monitor = VoicePromptMonitor()
    var voice: VoiceGuidanceState
    /// Every prompt, with the true metres still to drive to the end of the leg when it was made.
    var prompts: [(prompt: VoicePrompt, remaining: Double)] = []

    init(route: GuidanceRoute, settings: VoiceSettings = VoiceSettings()) {
        voice = VoiceGuidanceState(settings: settings)
        session = Session(route: GuidanceRoute(legs: []))
        send(.setRoute(route))
    }

    mutating func send(_ input: GuidanceInput, remaining: Double = .nan) {
        let events = session.send(input)
        for prompt in monitor.follow(input, events: events, guidance: session.state, state: &voice) {
            prompts.append((prompt, remaining))
        }
    }

    /// Drives a straight-line polyline exactly (no noise) at `speed`, one fix a second.
    mutating func drive(_ points: [(Double, Double)], speed: Double, startTime: Double = 1_710_936_000) {
        var trace = Trace(seed: 1, sigma: 0, startTime: startTime)
        trace.drive(points, speed: speed)
        let length = zip(points, points.dropFirst()).reduce(0.0) { total, pair in
            let (a, b) = pair
            return total + ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot()
        }
        for (second, sample) in trace.samples.enumerated() {
            send(.fix(sample.fix), remaining: length - Double(second) * speed)
        }
    }

    func prompts(for step: Int) -> [(prompt: VoicePrompt, remaining: Double)] {
        prompts.filter { $0.prompt.stepIndex == step && $0.prompt.kind != .postTransition }
    }
}

@Suite("When prompts are spoken")
struct VoiceTimingTests {
    /// 1 km east, 1 km north, 1 km west: two right-angle turns 1 km apart.
    static let square: [(Double, Double)] = [(0, 0), (1_000, 0), (1_000, 1_000), (0, 1_000)]

    @Test("at 50 km/h: pre-transition 250-350 m before, transition about 10 s before, then continue for")
    func stagesAtTownSpeed() throws {
        let speed = 50 / 3.6
        var drive = VoiceSession(route: GuidanceRoute(legs: [Streets.leg(Self.square)]))
        drive.drive(Self.square, speed: speed)
        let texts = drive.prompts.map(\.prompt.text)
        #expect(texts.first == "Head east on Street 0.")
        let first = drive.prompts(for: 1)
        #expect(first.map(\.prompt.kind) == [.preTransition, .transition])
        let pre = try #require(first.first)
        #expect(pre.prompt.text == "In 300 meters, turn right onto Street 1.")
        // The turn is at 1000 m of 3000: the true distance to it is the remaining length less 2000 m.
        #expect((250...350).contains(pre.remaining - 2_000))
        let transition = try #require(first.last)
        #expect(transition.prompt.text == "Turn right onto Street 1.")
        let secondsBefore = (transition.remaining - 2_000) / speed
        #expect(secondsBefore >= 8 && secondsBefore <= 11, "\(secondsBefore) s")
        #expect(texts.contains("Continue for 1 kilometer."))
        #expect(drive.prompts.last?.prompt.kind == .arrival)
    }

    @Test("at 100 km/h the pre-transition comes earlier, so it still leaves about 20 s")
    func preTransitionScalesWithSpeed() throws {
        let speed = 100 / 3.6
        var drive = VoiceSession(route: GuidanceRoute(legs: [Streets.leg(Self.square, speed: speed)]))
        drive.drive(Self.square, speed: speed)
        let pre = try #require(drive.prompts(for: 1).first)
        #expect(pre.prompt.kind == .preTransition)
        #expect((pre.remaining - 2_000) / speed >= 17, "\(pre.remaining - 2_000) m")
        #expect(["In 500 meters, turn right onto Street 1.", "In 600 meters, turn right onto Street 1."].contains(pre.prompt.text))
    }

    @Test("maneuvers less than 12 s apart are chained with a lower-case then, and no stage repeats")
    func closeManeuversAreChained() throws {
        let points: [(Double, Double)] = [(0, 0), (600, 0), (600, 100), (1_200, 100)]
        var drive = VoiceSession(route: GuidanceRoute(legs: [Streets.leg(points)]))
        drive.drive(points, speed: 50 / 3.6)
        let transition = try #require(drive.prompts(for: 1).first { $0.prompt.kind == .transition })
        #expect(transition.prompt.text == "Turn right onto Street 1, then turn left onto Street 2.")
        #expect(!drive.prompts(for: 2).contains { $0.prompt.kind == .preTransition })
        for step in 0...3 {
            let kinds = drive.prompts.filter { $0.prompt.stepIndex == step }.map(\.prompt.kind)
            #expect(Set(kinds).count == kinds.count, "step \(step): \(kinds)")
        }
    }

    @Test("no prompt is about a maneuver already passed", arguments: [20.0, 50.0, 100.0])
    func neverLate(kmh: Double) {
        let speed = kmh / 3.6
        let points: [(Double, Double)] = [(0, 0), (400, 0), (400, 60), (900, 60), (900, 600), (300, 600)]
        let maneuverAt = [0.0, 400, 460, 960, 1_500, 2_100]
        var drive = VoiceSession(route: GuidanceRoute(legs: [Streets.leg(points, speed: speed)]))
        drive.drive(points, speed: speed)
        for (prompt, remaining) in drive.prompts where [.preTransition, .transition, .arrival].contains(prompt.kind) {
            let driven = 2_100 - remaining
            #expect(maneuverAt[prompt.stepIndex] > driven, "\(prompt.text) at \(driven) m")
        }
        // Every maneuver is named at least 5 s before it.
        for step in 1...5 {
            let first = drive.prompts.filter { $0.prompt.stepIndex == step || $0.prompt.text.contains("Street \(step)") }
                .map { 2_100 - $0.remaining }.min() ?? .infinity
            #expect((maneuverAt[step] - first) / speed >= 5, "step \(step) at \(kmh) km/h")
        }
    }

    @Test("arrival says which side of the street the destination is on")
    func arrivalSide() throws {
        for (offset, side) in [(-15.0, "right"), (15.0, "left")] {
            let base = Streets.leg([(0, 0), (600, 0)])
            let target = Streets.point(590, offset)
            let leg = try GuidanceLeg(
                coordinates: base.coordinates, freeFlowSpeeds: base.freeFlowSpeeds, speedLimits: base.speedLimits,
                roadNames: base.roadNames, steps: base.steps,
                destination: GuidanceWaypoint(title: "Shop", latitude: target.latitude, longitude: target.longitude))
            var drive = VoiceSession(route: GuidanceRoute(legs: [leg]))
            drive.drive([(0, 0), (600, 0)], speed: 10)
            let arrival = try #require(drive.prompts.first { $0.prompt.kind == .arrival })
            #expect(arrival.prompt.text == "Your destination is on the \(side).")
            #expect(drive.prompts.filter { $0.prompt.kind == .arrival }.count == 1)
        }
    }

    @Test("the router's destination side, when it knows one, is what the arrival says")
    func routerSideWins() throws {
        var drive = VoiceSession(route: GuidanceRoute(legs: [Streets.leg([(0, 0), (600, 0)])]))
        drive.voice.takeDestinationSides([.left])
        drive.drive([(0, 0), (600, 0)], speed: 10)
        let arrival = try #require(drive.prompts.first { $0.prompt.kind == .arrival })
        #expect(arrival.prompt.text == "Your destination is on the left.")
    }

    @Test("after a reroute the next maneuver is announced again, from the new route")
    func rerouteReannounces() throws {
        var drive = VoiceSession(route: GuidanceRoute(legs: [Streets.leg(Self.square)]))
        drive.drive([(0, 0), (500, 0)], speed: 10)
        let detour: [(Double, Double)] = [(500, 0), (500, 250), (0, 250)]
        drive.send(.replaceRoute(GuidanceRoute(legs: [Streets.leg(detour)]), reason: .offRoute))
        drive.drive(detour, speed: 10, startTime: 1_710_936_100)
        let reroute = try #require(drive.prompts.first { $0.prompt.kind == .reroute })
        #expect(reroute.prompt.text == "Route recalculated. In 200 meters, turn right onto Street 1.")
        let afterReroute = drive.prompts.drop { $0.prompt.kind != .reroute }.dropFirst()
        #expect(afterReroute.first?.prompt.text == "Turn right onto Street 1.")
    }

    @Test("silent says nothing; alerts only says reroutes and speed alerts but no turns")
    func guidanceModes() {
        var silent = VoiceSession(
            route: GuidanceRoute(legs: [Streets.leg(Self.square)]), settings: VoiceSettings(guidance: .silent))
        silent.drive(Self.square, speed: 20)
        #expect(silent.prompts.isEmpty)

        var alerts = VoiceSession(
            route: GuidanceRoute(legs: [Streets.leg(Self.square)]), settings: VoiceSettings(guidance: .alertsOnly))
        // 20 m/s on a 50 km/h street is 44 % over the limit.
        alerts.drive([(0, 0), (500, 0)], speed: 20)
        alerts.send(.replaceRoute(GuidanceRoute(legs: [Streets.leg([(500, 0), (500, 300)])]), reason: .offRoute))
        alerts.drive([(500, 0), (500, 300)], speed: 12, startTime: 1_710_936_100)
        #expect(alerts.prompts.map(\.prompt.kind) == [.speedAlert, .reroute])
        #expect(alerts.prompts.map(\.prompt.text) == ["Speed limit 50 kilometers per hour.", "Route recalculated."])
    }

    @Test("a speed limit is said once a minute, however often the driver crosses it; a new limit at once")
    func speedAlertsDoNotRepeat() {
        let monitor = VoicePromptMonitor()
        var state = VoiceGuidanceState()
        var spoken: [String] = []
        func observe(_ severity: SpeedingSeverity, kmh: Double, at seconds: Double) {
            let input = VoiceInput.speeding(severity, limit: kmh / 3.6, time: 1_710_936_000 + seconds)
            spoken += monitor.apply(input, to: &state).map(\.text)
        }
        // Minor, major after the upgrade time, slowing for corners and speeding up again: one alert.
        observe(.minor, kmh: 30, at: 0)
        observe(.major, kmh: 30, at: 5)
        observe(.notSpeeding, kmh: 30, at: 8)
        observe(.major, kmh: 30, at: 10)
        observe(.notSpeeding, kmh: 30, at: 20)
        observe(.minor, kmh: 30, at: 30)
        #expect(spoken == ["Speed limit 30 kilometers per hour."])
        // Into a 50 zone: its limit is new; back in the 30 zone more than a minute after it was said.
        observe(.notSpeeding, kmh: 50, at: 35)
        observe(.minor, kmh: 50, at: 40)
        observe(.notSpeeding, kmh: 30, at: 50)
        observe(.major, kmh: 30, at: 55)
        observe(.notSpeeding, kmh: 30, at: 70)
        observe(.minor, kmh: 30, at: 120)
        #expect(spoken == [
            "Speed limit 30 kilometers per hour.", "Speed limit 50 kilometers per hour.",
            "Speed limit 30 kilometers per hour.", "Speed limit 30 kilometers per hour.",
        ])
    }

    @Test("Finnish and imperial settings reach the prompts")
    func languageAndUnits() throws {
        var finnish = VoiceSession(
            route: GuidanceRoute(legs: [Streets.leg(Self.square)]), settings: VoiceSettings(language: .finnish))
        finnish.drive(Self.square, speed: 50 / 3.6)
        #expect(finnish.prompts.map(\.prompt.text).contains("300 metrin päästä käänny oikealle Street 1:lle."))
        #expect(finnish.prompts.allSatisfy { $0.prompt.language == .finnish })

        var imperial = VoiceSession(
            route: GuidanceRoute(legs: [Streets.leg(Self.square)]), settings: VoiceSettings(units: .imperial))
        imperial.drive(Self.square, speed: 50 / 3.6)
        #expect(imperial.prompts.map(\.prompt.text).contains("In 1000 feet, turn right onto Street 1."))
    }
}

/// A crossing by ferry: boarding and leaving are maneuvers of their own, and on board nothing is driven.
extension VoiceTimingTests {
    /// 500 m of street, 3 km by ferry, 500 m of street, all due east.
    static let ferryCrossing: [(Double, Double)] = [(0, 0), (500, 0), (3_500, 0), (4_000, 0)]

    static func ferryLeg() throws -> GuidanceLeg {
        let coordinates = ferryCrossing.map { Streets.point($0.0, $0.1) }
        let names = ["Street 0", "Kauppatori–Suomenlinna", "Street 2"]
        let end = coordinates[3]
        return try GuidanceLeg(
            coordinates: coordinates, freeFlowSpeeds: [13.9, 5, 13.9], speedLimits: [50 / 3.6, nil, 50 / 3.6],
            roadNames: names,
            steps: [
                GuidanceStep(maneuver: .depart, instruction: "Head east on Street 0", roadName: names[0], startIndex: 0, endIndex: 1),
                GuidanceStep(
                    maneuver: .ferry, instruction: "Take the ferry \(names[1])", roadName: names[1], startIndex: 1, endIndex: 2),
                GuidanceStep(
                    maneuver: .leaveFerry, instruction: "Leave the ferry and continue onto Street 2", roadName: names[2],
                    startIndex: 2, endIndex: 3),
                GuidanceStep(maneuver: .arrive, instruction: "Arrive", roadName: names[2], startIndex: 3, endIndex: 3),
            ],
            destination: GuidanceWaypoint(title: "Destination", latitude: end.latitude, longitude: end.longitude))
    }

    @Test("a ferry is boarded and left by name, in English and Finnish, with no \"continue for\" on board")
    func ferryCrossingPrompts() throws {
        var english = VoiceSession(route: GuidanceRoute(legs: [try Self.ferryLeg()]))
        english.drive(Self.ferryCrossing, speed: 8)
        let boarding = english.prompts(for: 1)
        #expect(boarding.map(\.prompt.kind) == [.preTransition, .transition])
        #expect(boarding.last?.prompt.text == "Take the ferry Kauppatori–Suomenlinna.")
        #expect(english.prompts(for: 2).last?.prompt.text == "Leave the ferry and continue onto Street 2.")
        #expect(!english.prompts.contains { $0.prompt.kind == .postTransition && $0.prompt.stepIndex == 1 })

        var finnish = VoiceSession(
            route: GuidanceRoute(legs: [try Self.ferryLeg()]), settings: VoiceSettings(language: .finnish))
        finnish.drive(Self.ferryCrossing, speed: 8)
        #expect(finnish.prompts(for: 1).last?.prompt.text == "Siirry lautalle, Kauppatori–Suomenlinna.")
        #expect(finnish.prompts(for: 2).last?.prompt.text == "Poistu lautalta ja jatka Street 2:lle.")
    }
}

/// A fork where the route keeps its street: the prompt tells the driver to stay on it.
extension VoiceTimingTests {
    @Test("a fork along the same street is spoken as staying on it, in English and Finnish")
    func forkAlongTheSameStreet() throws {
        let points = Self.square.map { Streets.point($0.0, $0.1) }
        let names = ["Kaivokatu", "Kaivokatu", "Mikonkatu"]
        let end = points[3]
        let leg = try GuidanceLeg(
            coordinates: points, freeFlowSpeeds: [13.9, 13.9, 13.9], speedLimits: [50 / 3.6, 50 / 3.6, 50 / 3.6],
            roadNames: names,
            steps: [
                GuidanceStep(maneuver: .depart, instruction: "Head east", roadName: names[0], startIndex: 0, endIndex: 1),
                GuidanceStep(
                    maneuver: .fork, modifier: .left, instruction: "Keep left to stay on Kaivokatu", roadName: names[1],
                    startIndex: 1, endIndex: 2),
                GuidanceStep(
                    maneuver: .turn, modifier: .right, instruction: "Turn right onto Mikonkatu", roadName: names[2],
                    startIndex: 2, endIndex: 3),
                GuidanceStep(maneuver: .arrive, instruction: "Arrive", roadName: names[2], startIndex: 3, endIndex: 3),
            ],
            destination: GuidanceWaypoint(title: "Destination", latitude: end.latitude, longitude: end.longitude))
        var english = VoiceSession(route: GuidanceRoute(legs: [leg]))
        english.drive(Self.square, speed: 50 / 3.6)
        #expect(english.prompts(for: 1).map(\.prompt.text) == ["In 300 meters, keep left to stay on Kaivokatu.", "Keep left to stay on Kaivokatu."])
        #expect(english.prompts(for: 2).last?.prompt.text == "Turn right onto Mikonkatu.")
        var finnish = VoiceSession(route: GuidanceRoute(legs: [leg]), settings: VoiceSettings(language: .finnish))
        finnish.drive(Self.square, speed: 50 / 3.6)
        #expect(finnish.prompts(for: 1).last?.prompt.text == "Pysy vasemmalla ja jatka Kaivokatua.")
    }
}

/// A quick run of turns at 100 km/h: right, left 10 m on, right 80 m on, left 45 m on. The turn 10 m on is one
/// move with the first, so the run's transition prompt still reaches the fourth turn; fixes a second (28 m)
/// apart pass the first two at once, and a prompt after them would name the fourth under 5 s before it.
extension VoiceTimingTests {
    @Test("a turn 10 m after another does not count towards the three-clause chain, so the run is named in time")
    func quickRunIsNamedInTime() throws {
        let speed = 100 / 3.6
        let points: [(Double, Double)] = [(0, 0), (600, 0), (600, 10), (680, 10), (680, 55), (1_345, 55)]
        var drive = VoiceSession(route: GuidanceRoute(legs: [Streets.leg(points, speed: speed)]))
        drive.drive(points, speed: speed)
        let transition = try #require(drive.prompts(for: 1).first { $0.prompt.kind == .transition })
        #expect(transition.prompt.text.contains("Street 4"), "\(transition.prompt.text)")
        // The fourth turn is 735 m along the 1,400 m leg: first named at least 5 s before it.
        let named = try #require(drive.prompts.first { $0.prompt.text.contains("Street 4") })
        #expect((named.remaining - (1_400 - 735)) / speed >= 5, "\(drive.prompts.map(\.prompt.text))")
        for step in 0...5 {
            let kinds = drive.prompts.filter { $0.prompt.stepIndex == step }.map(\.prompt.kind)
            #expect(Set(kinds).count == kinds.count, "step \(step): \(kinds)")
        }
    }
}

/// A roundabout: the ring and its exit are two steps of the route, one maneuver for the voice. The roundabout's
/// prompt names the exit and the road it leads onto; a second prompt on the ring would only crowd the driver.
extension VoiceTimingTests {
    /// 600 m east to the roundabout, 40 m on the ring, 100 m east from its exit to a left turn, 500 m north.
    static let roundaboutDrive: [(Double, Double)] = [(0, 0), (600, 0), (640, 0), (740, 0), (740, 500)]

    static func roundaboutLeg() throws -> GuidanceLeg {
        let coordinates = roundaboutDrive.map { Streets.point($0.0, $0.1) }
        let names = ["West Road", "Ring Circus", "East Road", "North Road"]
        let end = coordinates[4]
        return try GuidanceLeg(
            coordinates: coordinates, freeFlowSpeeds: [13.9, 8, 13.9, 13.9],
            speedLimits: [50 / 3.6, 30 / 3.6, 50 / 3.6, 50 / 3.6], roadNames: names,
            steps: [
                GuidanceStep(maneuver: .depart, instruction: "Head east", roadName: names[0], startIndex: 0, endIndex: 1),
                GuidanceStep(
                    maneuver: .roundabout, instruction: "At the roundabout, take the 2nd exit onto East Road",
                    roadName: names[2], startIndex: 1, endIndex: 2, roundaboutExit: 2),
                GuidanceStep(
                    maneuver: .exitRoundabout, instruction: "Exit the roundabout onto East Road", roadName: names[2],
                    startIndex: 2, endIndex: 3),
                GuidanceStep(
                    maneuver: .turn, modifier: .left, instruction: "Turn left onto North Road", roadName: names[3],
                    startIndex: 3, endIndex: 4),
                GuidanceStep(maneuver: .arrive, instruction: "Arrive", roadName: names[3], startIndex: 4, endIndex: 4),
            ],
            destination: GuidanceWaypoint(title: "Destination", latitude: end.latitude, longitude: end.longitude))
    }

    @Test("a roundabout's exit is no prompt of its own: \"then\" after the roundabout names the turn after its exit")
    func roundaboutExitIsHeardWithTheRoundabout() throws {
        let leg = try Self.roundaboutLeg()
        #expect(leg.spokenStepIndices == [0, 1, 3, 4])
        var english = VoiceSession(route: GuidanceRoute(legs: [leg]))
        english.drive(Self.roundaboutDrive, speed: 50 / 3.6)
        #expect(english.prompts(for: 2).isEmpty)
        #expect(english.prompts(for: 1).map(\.prompt.text) == [
            "In 300 meters, at the roundabout, take the 2nd exit onto East Road.",
            "At the roundabout, take the 2nd exit onto East Road, then turn left onto North Road.",
        ])
        var finnish = VoiceSession(route: GuidanceRoute(legs: [leg]), settings: VoiceSettings(language: .finnish))
        finnish.drive(Self.roundaboutDrive, speed: 50 / 3.6)
        #expect(finnish.prompts(for: 2).isEmpty)
        #expect(finnish.prompts(for: 1).last?.prompt.text
            == "Poistu liikenneympyrästä toisesta liittymästä East Roadille, sitten käänny vasemmalle North Roadille.")
    }
}
