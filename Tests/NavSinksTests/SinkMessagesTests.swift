import NavProtocol
import Testing

@testable import NavSinks

/// What people and hook scripts get from the sinks: the alerter's stderr line and both hooks' environments.
@Suite struct SinkMessagesTests {
    let since = Timestamp(rfc3339: "2026-11-29T16:00:00.250Z")!

    @Test func theAlertLineSaysWhatHappenedInKilometresPerHour() {
        let raised = SpeedAlert(
            severity: .major, since: since, speed: 16.67, speedLimit: 13.89, percentageAboveLimit: 20.01, raised: true)
        #expect(
            SpeedingAlerter.describe(raised, vehicle: "car1")
                == "speed alert RAISED for car1: MAJOR — 60 km/h, limit 50 km/h, 20.0% above")
        let lowered = SpeedAlert(
            severity: .minor, since: since, speed: 15, speedLimit: 13.89, percentageAboveLimit: 8, raised: false)
        #expect(SpeedingAlerter.describe(lowered, vehicle: "car1").hasPrefix("speed alert LOWERED for car1: MINOR"))
        let cleared = SpeedAlert(
            severity: .noAlert, since: since, speed: 10, speedLimit: nil, percentageAboveLimit: 0, raised: false)
        #expect(SpeedingAlerter.describe(cleared, vehicle: "car1") == "speed alert CLEARED for car1: 36 km/h, limit unknown")
    }

    @Test func theAlertHookGetsEveryDetail() {
        let alert = SpeedAlert(
            severity: .minor, since: since, speed: 15.5, speedLimit: 13.9, percentageAboveLimit: 11.5, raised: true)
        #expect(
            SpeedingAlerter.hookVariables(alert, vehicle: "van 2") == [
                "NAVBUS_VEHICLE": "van 2", "NAVBUS_SEVERITY": "minor", "NAVBUS_RAISED": "true",
                "NAVBUS_SPEED": "15.5", "NAVBUS_SPEED_LIMIT": "13.9", "NAVBUS_PERCENTAGE": "11.5",
                "NAVBUS_SINCE": "2026-11-29T16:00:00.250Z",
            ])
        let unknownLimit = SpeedAlert(
            severity: .noAlert, since: since, speed: 9, speedLimit: nil, percentageAboveLimit: 0, raised: false)
        #expect(SpeedingAlerter.hookVariables(unknownLimit, vehicle: "v")["NAVBUS_SPEED_LIMIT"] == "")
    }

    @Test func theLightingHookGetsTheModeAndTheHeaderColours() {
        let applied = AppliedLighting(appliedMode: .lowLight, theme: .night, changedAt: since)
        let variables = LightingController.hookVariables(applied, vehicle: "car1")
        #expect(variables["NAVBUS_LIGHTING_MODE"] == "lowLight")
        #expect(variables["NAVBUS_THEME"] == "night")
        #expect(variables["NAVBUS_PRIMARY_BACKGROUND"] == Theme.night.primaryBackground)
        #expect(variables["NAVBUS_SECONDARY_BACKGROUND"] == Theme.night.secondaryBackground)
        #expect(variables["NAVBUS_CHANGED_AT"] == "2026-11-29T16:00:00.250Z")
        #expect(variables["NAVBUS_VEHICLE"] == "car1")
    }
}
