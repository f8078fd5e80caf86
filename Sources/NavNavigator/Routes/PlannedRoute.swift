import NavCore
import NavGuidance
import NavMap
import NavProtocol
import NavRouting

/// A router's route prepared for guidance: the engine's route and the navigator's per-leg extras.
struct PlannedRoute {
    var guidance: GuidanceRoute
    var legs: [SessionLeg]
    /// Traffic-aware duration of the whole route in seconds.
    var durationSeconds: Double
    /// The origin and every destination where they joined the road network.
    var waypoints: [SnappedWaypoint] = []
    /// Kinds of road the options asked to avoid that the route still uses.
    var violatedAvoids: [AvoidableRoad] = []

    /// Converts a router route.
    /// - Parameter destinations: The user's waypoints the legs lead to, one per leg.
    /// - Throws: `GuidanceRouteError` when a leg's parts disagree (a router bug, reported as internal).
    init(_ route: NavRouting.Route, destinations: [NavProtocol.Waypoint]) throws {
        var guidanceLegs: [GuidanceLeg] = []
        var legs: [SessionLeg] = []
        for (index, leg) in route.legs.enumerated() {
            let steps = leg.steps.map { step in
                let (kind, modifier) = ManeuverMapping.guidance(step.maneuver)
                return GuidanceStep(
                    maneuver: kind, modifier: modifier, instruction: step.instruction, roadName: step.roadName,
                    startIndex: step.coordinateRange.lowerBound, endIndex: step.coordinateRange.upperBound,
                    roundaboutExit: step.roundaboutExit)
            }
            let wanted = destinations.indices.contains(index) ? destinations[index] : nil
            let destination = GuidanceWaypoint(
                title: wanted?.title ?? leg.destination.waypoint.title ?? "",
                placeID: wanted?.placeID ?? leg.destination.waypoint.placeID,
                latitude: leg.destination.coordinate.latitude, longitude: leg.destination.coordinate.longitude)
            guidanceLegs.append(
                try GuidanceLeg(
                    coordinates: leg.coordinates.map {
                        Coordinate(latitude: $0.latitude, longitude: $0.longitude)
                    },
                    freeFlowSpeeds: leg.segmentSpeeds, speedLimits: leg.segmentSpeedLimits,
                    roadNames: leg.segmentRoadNames, steps: steps, destination: destination))
            legs.append(
                SessionLeg(
                    wayIDs: leg.segmentWayIDs,
                    steps: leg.steps.enumerated().map { number, step in
                        NavStep(
                            stepNumber: number,
                            maneuver: ManeuverMapping.wire(step.maneuver, roundaboutExit: step.roundaboutExit),
                            roadName: step.roadName.isEmpty ? nil : step.roadName, instruction: step.instruction,
                            distanceMeters: step.distanceMeters, durationSeconds: step.durationSeconds)
                    }, destinationSide: leg.destinationSide))
        }
        guidance = GuidanceRoute(legs: guidanceLegs)
        self.legs = legs
        durationSeconds = route.durationSeconds
    }
}
