import NavCore
import NavProtocol
import NavWeb
import Testing

@Suite struct VehicleStateTests {
    @Test func headerShowsTheNextManeuverAndTheOneAfter() throws {
        var state = VehicleState(vehicle: "taxi-1")
        state.apply(Samples.route(.newDestinations, [Samples.kamppi]), at: Samples.time(0))
        state.apply(Samples.navInfo(toStep: 120, toNext: 800, toFinal: 800, seconds: 95), at: Samples.time(1))
        let header = try #require(state.view.header)
        #expect(header.maneuver == Maneuver(type: .turn, modifier: .left))
        #expect(header.roadName == "Mannerheimintie")
        #expect(header.distanceMeters == 120)
        #expect(header.then?.roadName == "Kaivokatu")
        #expect(header.then?.maneuver.modifier == .right)
        #expect(state.view.directions.map(\.roadName) == ["Mannerheimintie", "Kaivokatu", "Kamppi"])
    }

    @Test func footerGivesTimeDistanceAndArrivalAtTheNextDestination() throws {
        var state = VehicleState(vehicle: "v")
        state.apply(Samples.route(.newDestinations, [Samples.kamppi, Samples.senate]), at: Samples.time(0))
        state.apply(Samples.navInfo(toStep: 50, toNext: 700, toFinal: 2_000, seconds: 120), at: Samples.time(10))
        let footer = try #require(state.view.footer)
        #expect(footer.remainingSeconds == 120)
        #expect(footer.remainingMeters == 700)
        #expect(footer.arrival == Samples.time(130))
        #expect(footer.destination == "Kamppi")
    }

    @Test func noHeaderOrFooterBeforeGuidance() {
        let view = VehicleState(vehicle: "idle").view
        #expect(view.header == nil && view.footer == nil && view.progress == nil && view.speedometer == nil)
    }

    @Test func progressBarFollowsTheTripAndRestartsOnAReroute() throws {
        var state = VehicleState(vehicle: "v")
        state.apply(Samples.route(.newDestinations, [Samples.kamppi, Samples.senate]), at: Samples.time(0))
        state.apply(Samples.navInfo(toStep: 50, toNext: 450, toFinal: 1_750, seconds: 60), at: Samples.time(30))
        var progress = try #require(state.view.progress)
        #expect(progress.totalMeters == 2_200)
        #expect(progress.elapsedMeters == 450)
        #expect(abs(progress.fraction - 450.0 / 2_200) < 1e-9)
        #expect(progress.stops.count == 1)
        let firstRevision = progress.revision

        state.apply(Samples.route(.offRoute, [Samples.kamppi, Samples.senate]), at: Samples.time(40))
        progress = try #require(state.view.progress)
        #expect(progress.revision > firstRevision)
        #expect(progress.elapsedMeters == 0)
        #expect(progress.fraction == 0)
    }

    @Test func passingAnIntermediateDestinationContinuesTheSameTrip() throws {
        var state = VehicleState(vehicle: "v")
        state.apply(Samples.route(.newDestinations, [Samples.kamppi, Samples.senate]), at: Samples.time(0))
        state.apply(Samples.route(.nextDestination, [Samples.senate], legIndex: 1), at: Samples.time(100))
        let progress = try #require(state.view.progress)
        #expect(progress.totalMeters == 2_200)
        #expect(progress.elapsedMeters == 900)
        state.apply(Samples.navInfo(toStep: 50, toNext: 1_000, toFinal: 1_000, seconds: 90), at: Samples.time(130))
        #expect(try #require(state.view.progress).elapsedMeters == 1_200)
    }

    @Test(arguments: [
        (SpeedingSeverity.notSpeeding, 48.0, VehicleView.Speedometer.Level.none, false),
        (.minor, 54, .minor, true),
        (.major, 62, .major, true),
        (.unknown, 30, .none, false),
    ])
    func speedometerExpandsAboveTheLimitAndColoursByWarningLevel(
        severity: SpeedingSeverity, kmh: Double, level: VehicleView.Speedometer.Level, expanded: Bool
    ) throws {
        var state = VehicleState(vehicle: "v")
        state.apply(Samples.speeding(kmh, limit: severity == .unknown ? nil : 50, severity: severity), at: Samples.time(0))
        let meter = try #require(state.view.speedometer)
        #expect(meter.level == level)
        #expect(meter.speeding == expanded)
        #expect(abs(meter.speed * 3.6 - kmh) < 1e-9)
        #expect(meter.speedLimit.map { ($0 * 3.6).rounded() } == (severity == .unknown ? nil : 50))
    }

    @Test func theLatestSpeedComesFromWhicheverMessageIsNewer() throws {
        var state = VehicleState(vehicle: "v")
        state.apply(Samples.speeding(60, limit: 50, severity: .minor), at: Samples.time(0))
        state.apply(Samples.location(60.17, 24.94, at: Samples.time(1)), at: Samples.time(1))
        let meter = try #require(state.view.speedometer)
        #expect(abs(meter.speed - 10) < 1e-9)
        #expect(meter.speeding == false)
        // The warning level stays what the navigator last said until it says otherwise.
        #expect(meter.level == .minor)
    }

    @Test func speedAlertAndThemeReachTheView() throws {
        var state = VehicleState(vehicle: "v")
        state.apply(
            .speedAlert(
                SpeedAlert(
                    severity: .major, since: Samples.time(0), speed: 20, speedLimit: 14, percentageAboveLimit: 40,
                    raised: true)), at: Samples.time(0))
        state.apply(Samples.speeding(72, limit: 50, severity: .major), at: Samples.time(0))
        state.apply(
            .lighting(AppliedLighting(appliedMode: .lowLight, theme: .night, changedAt: Samples.time(1))),
            at: Samples.time(1))
        #expect(state.view.speedometer?.alert == .major)
        #expect(state.view.lighting?.theme == .night)
        #expect(state.view.lighting?.mode == .lowLight)
    }

    @Test func routeViewMarksEveryWaypointAndJoinsTheLegs() throws {
        var state = VehicleState(vehicle: "v")
        state.apply(Samples.route(.newDestinations, [Samples.kamppi, Samples.senate], legIndex: 0), at: Samples.time(0))
        let route = try #require(state.routeView)
        #expect(route.waypoints.map(\.title) == ["Kamppi", "Senate Square"])
        #expect(route.waypoints.map(\.isFinalDestination) == [false, true])
        // Three positions per leg, the shared one once.
        #expect(route.coordinates.count == 5)
        #expect(route.legEnds == [2, 4])
        #expect(route.traffic == [TrafficRun(from: 0, to: 4, level: .free)])
    }

    @Test func fleetSummaryNeedsAPosition() throws {
        var state = VehicleState(vehicle: "bus-9")
        #expect(state.summary == nil)
        state.apply(Samples.location(60.1712345678, 24.9433, at: Samples.time(0)), at: Samples.time(0))
        let summary = try #require(state.summary)
        #expect(summary.id == "bus-9")
        #expect(summary.lat == 60.171235)
        #expect(summary.road == "Mannerheimintie")
    }
}
