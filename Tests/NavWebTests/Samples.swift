import NavCore
import NavProtocol
import NavWeb

/// Small hand-made payloads for the page model tests.
enum Samples {
    static let start = Timestamp(secondsSince1970: 1_800_000_000)

    static func time(_ seconds: Double) -> Timestamp { start.adding(seconds: seconds) }

    static func leg(_ title: String, from: (Double, Double), to: (Double, Double), metres: Double) -> RouteLeg {
        RouteLeg(
            destination: Waypoint(title: title, latitude: to.0, longitude: to.1), distanceMeters: metres,
            durationSeconds: metres / 10,
            geometry: LineString(positions: [[from.1, from.0], [(from.1 + to.1) / 2, (from.0 + to.0) / 2], [to.1, to.0]]))
    }

    static let kamppi = leg("Kamppi", from: (60.1712, 24.9433), to: (60.1689, 24.9316), metres: 900)
    static let senate = leg("Senate Square", from: (60.1689, 24.9316), to: (60.1694, 24.9524), metres: 1_300)

    static func route(_ reason: RouteChangeReason, _ legs: [RouteLeg], legIndex: Int = 0) -> VehicleInput {
        .routeChanged(RouteChanged(reason: reason, routeLegs: legs, currentRouteLegIndex: legIndex))
    }

    static func step(_ number: Int, _ type: ManeuverType, _ modifier: ManeuverModifier?, road: String) -> NavStep {
        NavStep(
            stepNumber: number, maneuver: Maneuver(type: type, modifier: modifier), roadName: road,
            instruction: "\(type.rawValue) \(modifier?.rawValue ?? "") onto \(road)", distanceMeters: 200,
            durationSeconds: 20)
    }

    static func navInfo(toStep: Double, toNext: Double, toFinal: Double, seconds: Double) -> VehicleInput {
        .navInfo(
            NavInfo(
                navState: .enroute, currentStep: step(1, .turn, .left, road: "Mannerheimintie"),
                remainingSteps: [step(2, .turn, .right, road: "Kaivokatu"), step(3, .arrive, nil, road: "Kamppi")],
                distanceToCurrentStepMeters: toStep, timeToCurrentStepSeconds: toStep / 10,
                distanceToNextDestinationMeters: toNext, timeToNextDestinationSeconds: seconds,
                distanceToFinalDestinationMeters: toFinal, timeToFinalDestinationSeconds: seconds * 2))
    }

    static func speeding(_ kmh: Double, limit: Double?, severity: SpeedingSeverity) -> VehicleInput {
        let percentage = limit.map { max(0, (kmh - $0) / $0 * 100) } ?? 0
        return .speeding(
            SpeedingUpdate(
                percentageAboveLimit: percentage, severity: severity, speed: kmh / 3.6, speedLimit: limit.map { $0 / 3.6 }))
    }

    static func location(_ latitude: Double, _ longitude: Double, course: Double = 90, at time: Timestamp) -> VehicleInput {
        .location(
            SnappedLocation(
                latitude: latitude, longitude: longitude, course: course, speed: 10, timestamp: time, onRoute: true,
                roadName: "Mannerheimintie", speedLimit: 50 / 3.6))
    }
}
