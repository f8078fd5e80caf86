import NavCore
import NavProtocol
import Testing

/// The raw values are the wire contract (and the schemas' enums): renaming a Swift case must not
/// change them.
@Suite("Enum raw values are the contract strings")
struct EnumContractTests {
    @Test func topics() {
        #expect(
            Topic.allCases.map(\.rawValue) == [
                "gps.fix.v1", "nav.location.v1", "nav.arrival.v1", "nav.route_changed.v1", "nav.remaining_time.v1",
                "nav.remaining_distance.v1", "nav.delay_category.v1", "nav.lighting_mode.v1", "nav.speeding.v1",
                "nav.nav_info.v1", "nav.voice_prompt.v1", "alert.speeding.v1", "ui.lighting.v1", "traffic.conditions.v1", "sys.heartbeat.v1",
            ])
    }

    @Test func routeChangeReasons() {
        #expect(
            RouteChangeReason.allCases.map(\.rawValue) == [
                "newDestinations", "offRoute", "fasterRoute", "nextDestination", "cleared",
            ])
    }

    @Test func delayCategoriesAndTheirSDKNumbers() {
        #expect(DelayCategory.allCases.map(\.rawValue) == ["noData", "heavy", "medium", "light"])
        #expect(DelayCategory.allCases.map(\.number) == [0, 1, 2, 3])
        #expect(DelayCategory(number: 1) == .heavy)
        #expect(DelayCategory(number: 3) == .light)
        #expect(DelayCategory(number: 4) == nil)
        #expect(DelayCategoryUpdate(category: .medium).categoryNumber == 2)
    }

    @Test func lightingModes() {
        #expect(LightingMode.allCases.map(\.rawValue) == ["normal", "lowLight"])
    }

    @Test func speedingSeverities() {
        #expect(SpeedingSeverity.allCases.map(\.rawValue) == ["notSpeeding", "minor", "major", "unknown"])
        #expect(SpeedAlertSeverity.allCases.map(\.rawValue) == ["none", "minor", "major"])
    }

    @Test func voiceEnums() {
        #expect(
            VoicePromptKind.allCases.map(\.rawValue) == [
                "departure", "preTransition", "transition", "postTransition", "arrival", "reroute", "speedAlert",
            ])
        #expect(VoiceGuidance.allCases.map(\.rawValue) == ["silent", "alertsOnly", "alertsAndGuidance"])
        #expect(VoiceVolumeLevel.allCases.map(\.rawValue) == ["low", "normal", "high"])
        #expect(VoiceUnits.allCases.map(\.rawValue) == ["metric", "imperial"])
        #expect(VoiceLanguage.allCases.map(\.rawValue) == ["en", "fi"])
    }

    @Test func navStates() {
        #expect(NavState.allCases.map(\.rawValue) == ["idle", "enroute", "rerouting", "stopped"])
    }

    @Test func maneuvers() {
        #expect(
            ManeuverType.allCases.map(\.rawValue) == [
                "depart", "turn", "continue", "merge", "onRamp", "offRamp", "fork", "roundabout", "exitRoundabout",
                "uturn", "ferry", "leaveFerry", "arrive",
            ])
        #expect(
            ManeuverModifier.allCases.map(\.rawValue) == [
                "left", "right", "slightLeft", "slightRight", "sharpLeft", "sharpRight", "straight", "uturn",
            ])
    }

    @Test func routeStatuses() {
        #expect(
            RouteStatus.allCases.map(\.rawValue) == [
                "OK", "noRouteFound", "noWaypointsError", "duplicateWaypointsError", "waypointError",
                "locationUnavailable", "travelModeUnsupported", "canceled", "internalError",
            ])
    }

    @Test func streetSidesAndAvoidableRoads() {
        #expect(StreetSide.allCases.map(\.rawValue) == ["left", "right"])
        #expect(AvoidableRoad.allCases.map(\.rawValue) == ["highways", "tolls", "ferries"])
    }

    @Test func travelModesAndAlternates() {
        #expect(TravelMode.allCases.map(\.rawValue) == ["driving", "cycling", "walking", "twoWheeler", "taxi"])
        #expect(AlternateRoutesStrategy.allCases.map(\.rawValue) == ["none", "one", "all"])
    }

    @Test func simulatorEnums() {
        #expect(SimulatorSpeedProfile.limit.rawValue == "limit")
        #expect(SimulationMode.allCases.map(\.rawValue) == ["stopped", "route", "location"])
    }

    @Test func trafficIncidents() {
        #expect(
            TrafficIncident.allCases.map(\.rawValue) == [
                "accident", "roadworks", "closure", "congestion", "hazard", "weather", "event", "other",
            ])
    }

    @Test func methods() {
        #expect(
            Method.allCases.map(\.rawValue) == [
                "navigator.setDestinations", "navigator.continueToNextDestination", "navigator.clearDestinations",
                "navigator.setGuidanceActive", "navigator.configure", "navigator.getState",
                "roadSnappedLocationProvider.startUpdatingLocation", "roadSnappedLocationProvider.stopUpdatingLocation",
                "router.route", "locationSimulator.simulateLocationsAlongExistingRoute",
                "locationSimulator.simulateLocation", "locationSimulator.stopSimulation", "locationSimulator.configure",
            ])
    }

    @Test("an unknown enum string is a decoding error, not a silent default")
    func unknownEnumValueFails() {
        #expect(throws: DecodingError.self) {
            try JSONCoding.decode(DelayCategoryUpdate.self, #"{"category":"terrible","categoryNumber":4}"#)
        }
    }
}
