import Foundation
import NavCore
import NavMap

/// Turns an arc path into a leg: polyline, per-segment attributes and steps.
struct LegBuilder {
    let graph: RoadGraph
    let mode: TravelMode
    let factors: [Float]?

    func leg(
        _ path: ArcPath, from origin: ResolvedWaypoint, to destination: ResolvedWaypoint, isFinal: Bool,
        avoiding avoided: [AvoidableRoad] = []
    ) -> RouteLeg {
        // A leg that sets off from (or arrives at) the junction a waypoint lies at, by another road than the one it
        // snapped to, begins (ends) at that junction: the polyline stays on the roads it measures.
        let startsOnOwnRoad = path.arcs.first.map { Int($0 >> 1) == origin.position.segment } ?? true
        let endsOnOwnRoad = path.arcs.last.map { Int($0 >> 1) == destination.position.segment } ?? true
        var coordinates: [Coordinate] = [
            startsOnOwnRoad ? origin.position.coordinate : point(along: Int(path.arcs[0]), at: path.startFraction)
        ]
        var cumulative: [Double] = [0]
        var speeds: [Double] = []
        var limits: [Double?] = []
        var names: [String] = []
        var wayIDs: [Int64] = []
        var durations: [Double] = []
        let count = path.arcs.count
        for (i, arc32) in path.arcs.enumerated() {
            let arc = Int(arc32)
            let start = i == 0 ? path.startFraction : 0
            let end = i == count - 1 ? path.endFraction : 1
            let point: Coordinate
            if i == count - 1 {
                point = endsOnOwnRoad ? destination.position.coordinate : self.point(along: arc, at: end)
            } else {
                point = graph.coordinate(ofNode: Int(graph.head(ofArc: arc)))
            }
            let length = graph.lengthMeters(ofSegment: arc >> 1) * max(0, end - start)
            let factor = factors.map { Double($0[arc]) } ?? 1
            let freeFlow = max(0.5, graph.speed(ofArc: arc, mode: mode))
            coordinates.append(point)
            cumulative.append(cumulative[cumulative.count - 1] + length)
            speeds.append(freeFlow)
            limits.append(graph.speedLimit(ofArc: arc))
            let way = graph.way(ofSegment: arc >> 1)
            names.append(graph.roadName(ofWay: way))
            wayIDs.append(graph.osmID(ofWay: way))
            durations.append(length / (freeFlow * factor))
        }
        let steps = StepBuilder(graph: graph, mode: mode).steps(
            arcs: path.arcs.map(Int.init), coordinates: coordinates, cumulative: cumulative, durations: durations,
            names: names, isFinal: isFinal)
        var leg = RouteLeg(
            origin: origin, destination: destination, coordinates: coordinates, cumulativeDistances: cumulative,
            segmentSpeeds: speeds, segmentSpeedLimits: limits, segmentRoadNames: names, segmentWayIDs: wayIDs,
            segmentDurations: durations, steps: steps, distanceMeters: cumulative[cumulative.count - 1],
            durationSeconds: durations.reduce(0, +), cost: path.cost, arcs: path.arcs.map(Int.init),
            destinationSide: path.arcs.last.flatMap { side(of: destination, along: Int($0)) })
        leg.violatedAvoids = avoided.filter { road in
            path.arcs.contains { graph.flags(ofSegment: Int($0 >> 1)).contains(road.segmentFlag) }
        }
        return leg
    }

    /// The point a fraction of the way along `arc`.
    private func point(along arc: Int, at fraction: Double) -> Coordinate {
        let tail = graph.coordinate(ofNode: Int(graph.tail(ofArc: arc)))
        return tail.interpolated(to: graph.coordinate(ofNode: Int(graph.head(ofArc: arc))), fraction: fraction)
    }

    /// Which side of `arc` (in its direction) the waypoint's own position is on; nil within a metre of the road.
    private func side(of waypoint: ResolvedWaypoint, along arc: Int) -> StreetSide? {
        let snapped = waypoint.position.coordinate
        guard waypoint.coordinate.distance(to: snapped) >= 1 else { return nil }
        let tail = graph.coordinate(ofNode: Int(graph.tail(ofArc: arc)))
        let head = graph.coordinate(ofNode: Int(graph.head(ofArc: arc)))
        // Local east/north metres around the snapped point; the sign of the cross product gives the side.
        let metresPerDegreeLongitude = cos(snapped.latitude * .pi / 180)
        let along = ((head.longitude - tail.longitude) * metresPerDegreeLongitude, head.latitude - tail.latitude)
        let across = (
            (waypoint.coordinate.longitude - snapped.longitude) * metresPerDegreeLongitude,
            waypoint.coordinate.latitude - snapped.latitude
        )
        let cross = along.0 * across.1 - along.1 * across.0
        return cross > 0 ? .left : .right
    }
}
