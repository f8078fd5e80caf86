import NavCore
import NavGuidance
import NavProtocol

/// How the engine's events become `nav.*` payloads.
extension VehicleSession {
    /// Translates the events of one engine input, in order; reroute requests are the navigator's
    /// business and are left out.
    mutating func payloads(for events: [GuidanceEvent]) -> [NavigatorEvent.Payload] {
        var payloads: [NavigatorEvent.Payload] = []
        payloads.reserveCapacity(events.count)
        for event in events {
            switch event {
            case .location(let location):
                let wire = NavProtocol.SnappedLocation(
                    latitude: location.latitude, longitude: location.longitude, altitude: location.altitude,
                    course: location.course, speed: location.speed,
                    timestamp: Timestamp(secondsSince1970: location.timestamp), onRoute: location.onRoute,
                    roadName: location.roadName.flatMap { $0.isEmpty ? nil : $0 }, speedLimit: location.speedLimit)
                lastLocation = wire
                payloads.append(.location(wire))
            case .arrival(let waypoint, let index, let isFinal):
                payloads.append(
                    .arrival(
                        Arrival(
                            waypoint: destination(index, or: waypoint), waypointIndex: index,
                            isFinalDestination: isFinal)))
            case .routeChanged(let reason, _, _):
                payloads.append(
                    .routeChanged(
                        routeChanged(reason)))
            case .remainingTime(let seconds):
                payloads.append(.remainingTime(RemainingTime(seconds: seconds)))
            case .remainingDistance(let meters):
                payloads.append(.remainingDistance(RemainingDistance(meters: meters)))
            case .delayCategory(let category):
                payloads.append(.delayCategory(DelayCategoryUpdate(category: category)))
            case .lightingMode(let mode, let elevation):
                payloads.append(
                    .lightingMode(
                        LightingModeSuggestion(
                            mode: mode, sunElevationDegrees: elevation)))
            case .speeding(let percentage, let severity, let speed, let limit):
                payloads.append(
                    .speeding(
                        SpeedingUpdate(
                            percentageAboveLimit: percentage,
                            severity: severity,
                            speed: speed,
                            speedLimit: limit)))
            case .navInfo(let info):
                payloads.append(.navInfo(NavInfoMessage(navInfo(info))))
            case .rerouteRequested:
                break
            }
        }
        return payloads
    }

    /// The `nav.route_changed.v1` payload for the route now held.
    func routeChanged(_ reason: RouteChangeReason) -> RouteChanged {
        RouteChanged(
            reason: reason, routeLegs: remainingLegs(),
            currentRouteLegIndex: guidance.route == nil ? 0 : guidance.currentWaypointIndex)
    }

    /// The legs still to drive, the current one first, as the wire describes them.
    func remainingLegs() -> [NavProtocol.RouteLeg] {
        guard let route = guidance.route else { return [] }
        let summaries = guidance.legSummaries
        let base = guidance.currentWaypointIndex - guidance.currentLegIndex
        return (guidance.currentLegIndex..<route.legs.count).map { index in
            let leg = route.legs[index]
            let summary = summaries[index]
            return NavProtocol.RouteLeg(
                destination: destination(base + index, or: leg.destination), distanceMeters: summary.distanceMeters,
                durationSeconds: summary.durationSeconds,
                geometry: LineString(positions: leg.coordinates.map { [$0.longitude, $0.latitude] }),
                segmentSpeedLimits: leg.speedLimits, segmentSpeeds: leg.freeFlowSpeeds,
                destinationSide: legs.indices.contains(index) ? legs[index].destinationSide : nil)
        }
    }

    /// The turn-by-turn feed on the wire, whose current step is the next maneuver to make.
    ///
    /// The engine reports the step being driven and how many steps remain; the steps themselves come
    /// from the session's legs, which carry lengths, durations and roundabout exits.
    func navInfo(_ info: NavGuidance.NavInfo) -> NavProtocol.NavInfo {
        guard legs.indices.contains(guidance.currentLegIndex) else {
            return NavProtocol.NavInfo(navState: .idle)
        }
        let current = guidance.currentLegIndex
        let steps = legs[current].steps
        let later = legs[(current + 1)...].reduce(0) { $0 + $1.steps.count }
        let driven = max(0, min(steps.count - 1, steps.count - 1 - (info.remainingSteps - later)))
        let upcoming = min(driven + 1, steps.count - 1)
        var number = legs[..<current].reduce(0) { $0 + $1.steps.count }
        func numbered(_ step: NavStep) -> NavStep {
            var step = step
            step.stepNumber = number
            number += 1
            return step
        }
        number += upcoming
        let currentStep = steps.isEmpty ? nil : numbered(steps[upcoming])
        var remaining = steps.isEmpty ? [] : steps[(upcoming + 1)...].map(numbered)
        for leg in legs[(current + 1)...] { remaining += leg.steps.map(numbered) }
        let atManeuver = upcoming == driven
        return NavProtocol.NavInfo(
            navState: Self.wire(info.navState), currentStep: currentStep, remainingSteps: remaining,
            distanceToCurrentStepMeters: atManeuver ? 0 : info.distanceToCurrentStepEnd,
            timeToCurrentStepSeconds: atManeuver ? 0 : info.timeToCurrentStepEnd,
            distanceToNextDestinationMeters: guidance.remainingDistanceToNextDestination,
            timeToNextDestinationSeconds: guidance.remainingTimeToNextDestination,
            distanceToFinalDestinationMeters: info.distanceToFinalDestination,
            timeToFinalDestinationSeconds: info.timeToFinalDestination)
    }

    /// The feed while a new route is being computed: where the old route's steps no longer apply.
    func reroutingNavInfo() -> NavProtocol.NavInfo {
        NavProtocol.NavInfo(
            navState: .rerouting, distanceToNextDestinationMeters: guidance.remainingDistanceToNextDestination,
            timeToNextDestinationSeconds: guidance.remainingTimeToNextDestination,
            distanceToFinalDestinationMeters: guidance.remainingDistanceToFinalDestination,
            timeToFinalDestinationSeconds: guidance.remainingTimeToFinalDestination)
    }

    /// The `navigator.getState` answer.
    func state() -> NavigatorState {
        let remaining = remainingLegs()
        let hasRoute = guidance.route != nil
        return NavigatorState(
            vehicle: vehicle, guidanceActive: guidance.isGuidanceActive,
            navState: hasRoute ? Self.wire(guidance.navState) : .idle, updatingLocation: guidance.isUpdatingLocation,
            routeLegs: remaining, currentRouteLeg: remaining.first,
            currentRouteLegIndex: hasRoute ? guidance.currentWaypointIndex : nil,
            timeToNextDestinationSeconds: guidance.remainingTimeToNextDestination,
            distanceToNextDestinationMeters: guidance.remainingDistanceToNextDestination,
            delayCategoryToNextDestination: hasRoute ? guidance.delayCategoryToNextDestination : nil,
            lastLocation: lastLocation, configuration: configuration)
    }

    /// The user's waypoint for a destination index, or the engine's copy when the list does not have it.
    private func destination(_ index: Int, or waypoint: GuidanceWaypoint) -> NavProtocol.Waypoint {
        if destinations.indices.contains(index) { return destinations[index] }
        return NavProtocol.Waypoint(
            title: waypoint.title, placeID: waypoint.placeID, latitude: waypoint.latitude, longitude: waypoint.longitude
        )
    }

    static func wire(_ state: NavGuidance.NavState) -> NavProtocol.NavState {
        switch state {
        case .enroute: .enroute
        case .rerouting: .rerouting
        case .stopped: .stopped
        }
    }
}
