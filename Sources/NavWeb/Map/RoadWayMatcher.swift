public import NavCore
public import NavMap

/// Finds the road under a route segment with the map's spatial index, for traffic given by way id.
public struct RoadWayMatcher: RouteWayMatcher {
    private let snapper: RoadSnapper

    public init(graph: RoadGraph) {
        snapper = RoadSnapper(graph: graph)
    }

    public func wayID(at point: Coordinate) -> Int64? {
        // A route runs on the roads it was planned on: its segments lie within a few metres of them.
        guard
            let position = snapper.nearest(to: point, mode: .driving, maxDistanceMeters: 15)
        else { return nil }
        return snapper.graph.osmID(ofWay: snapper.graph.way(ofSegment: position.segment))
    }
}
