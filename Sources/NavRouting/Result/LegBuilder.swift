import NavCore
import NavMap

/// Turns an arc path into a leg: polyline, per-segment attributes and steps.
struct LegBuilder {
    let graph: RoadGraph
    let mode: TravelMode
    let factors: [Float]?

    func leg(_ path: ArcPath, from origin: ResolvedWaypoint, to destination: ResolvedWaypoint, isFinal: Bool)
        -> RouteLeg
    {
        var coordinates: [Coordinate] = [origin.position.coordinate]
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
                point = destination.position.coordinate
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
        return RouteLeg(
            origin: origin, destination: destination, coordinates: coordinates, cumulativeDistances: cumulative,
            segmentSpeeds: speeds, segmentSpeedLimits: limits, segmentRoadNames: names, segmentWayIDs: wayIDs,
            segmentDurations: durations, steps: steps, distanceMeters: cumulative[cumulative.count - 1],
            durationSeconds: durations.reduce(0, +), cost: path.cost, arcs: path.arcs.map(Int.init))
    }
}
