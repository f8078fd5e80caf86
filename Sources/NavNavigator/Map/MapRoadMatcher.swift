import NavCore
import NavGuidance
import NavMap
import NavRouting

/// Places off-route positions on the road network of one travel mode, through the map's spatial index.
///
/// The engine asks only while the vehicle is away from its route, so the grid search of ``RoadSnapper``
/// is cheap enough to run on every such fix.
struct MapRoadMatcher: RoadNetworkMatcher {
    let graph: RoadGraph
    let snapper: RoadSnapper
    let mode: TravelMode
    /// Beyond this distance a position is reported as measured: it is more likely off the map's roads
    /// (a car park, a new street) than on a road this far away.
    let maximumDistance: Double

    init(router: Router, mode: TravelMode, maximumDistance: Double = 75) {
        graph = router.graph
        snapper = router.snapper
        self.mode = mode
        self.maximumDistance = maximumDistance
    }

    func match(latitude: Double, longitude: Double, heading: Double?) -> RoadMatch? {
        guard
            let position = snapper.nearest(
                to: Coordinate(latitude: latitude, longitude: longitude), mode: mode, heading: heading,
                maxDistanceMeters: maximumDistance)
        else { return nil }
        let segment = position.segment
        let arc = position.preferredArc ?? (graph.allows(mode, onArc: 2 * segment) ? 2 * segment : 2 * segment + 1)
        let tail = graph.coordinate(ofNode: Int(graph.tail(ofArc: arc)))
        let head = graph.coordinate(ofNode: Int(graph.head(ofArc: arc)))
        return RoadMatch(
            latitude: position.coordinate.latitude, longitude: position.coordinate.longitude,
            roadName: graph.roadName(ofWay: graph.way(ofSegment: segment)), speedLimit: graph.speedLimit(ofArc: arc),
            distance: position.distanceMeters, course: tail.bearing(to: head))
    }
}
