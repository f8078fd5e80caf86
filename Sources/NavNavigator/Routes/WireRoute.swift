import NavCore
import NavMap
import NavProtocol
import NavRouting

/// The `router.route` answer for a router route: legs, steps and GeoJSON geometry.
enum WireRoute {
    /// Converts a router route.
    /// - Parameter destinations: The requested waypoints after the origin, one per leg.
    static func make(_ route: NavRouting.Route, destinations: [NavProtocol.Waypoint]) -> NavProtocol.Route {
        let legs = route.legs.enumerated().map { index, leg in
            NavProtocol.RouteLeg(
                destination: destinations.indices.contains(index) ? destinations[index] : waypoint(leg.destination),
                distanceMeters: leg.distanceMeters, durationSeconds: leg.durationSeconds,
                geometry: line(leg.coordinates[...]), segmentSpeedLimits: leg.segmentSpeedLimits,
                segmentSpeeds: leg.segmentSpeeds, destinationSide: leg.destinationSide)
        }
        let steps = route.legs.flatMap { leg in
            leg.steps.map { step in
                NavProtocol.RouteStep(
                    maneuver: ManeuverMapping.wire(step.maneuver, roundaboutExit: step.roundaboutExit),
                    roadName: step.roadName.isEmpty ? nil : step.roadName, instruction: step.instruction,
                    distanceMeters: step.distanceMeters, durationSeconds: step.durationSeconds,
                    geometry: line(leg.coordinates[step.coordinateRange]))
            }
        }
        return NavProtocol.Route(
            distanceMeters: route.distanceMeters, durationSeconds: route.durationSeconds, legs: legs, steps: steps,
            geometry: line(route.coordinates[...]),
            violatedAvoids: route.violatedAvoids.isEmpty ? nil : route.violatedAvoids)
    }

    /// Where a waypoint joined the road network.
    static func snapped(_ waypoint: ResolvedWaypoint) -> SnappedWaypoint {
        let point = waypoint.position.coordinate
        return SnappedWaypoint(
            latitude: point.latitude, longitude: point.longitude, distanceMeters: waypoint.position.distanceMeters,
            roadName: waypoint.roadName.isEmpty ? nil : waypoint.roadName)
    }

    /// A GeoJSON line; a single point (an arrival step) is repeated, since GeoJSON needs two positions.
    static func line(_ points: ArraySlice<Coordinate>) -> LineString {
        var positions = points.map { [$0.longitude, $0.latitude] }
        if positions.count == 1 { positions.append(positions[0]) }
        return LineString(positions: positions)
    }

    private static func waypoint(_ resolved: ResolvedWaypoint) -> NavProtocol.Waypoint {
        NavProtocol.Waypoint(
            title: resolved.waypoint.title ?? "", placeID: resolved.waypoint.placeID,
            latitude: resolved.coordinate.latitude, longitude: resolved.coordinate.longitude)
    }
}
