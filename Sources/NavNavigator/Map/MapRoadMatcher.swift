import NavCore
import NavGuidance
import NavMap
import NavRouting

/// Places positions on the road network of one travel mode, through the map's spatial index and graph:
/// the nearest road for a single position, and for the engine's hidden Markov matcher the directed road
/// positions near a fix and the driving distances between them.
///
/// The engine asks on every fix, so both stay local: candidates are the segments crossing the circle around
/// the fix (``RoadSnapper/positions(within:of:mode:)``, from the grid cells under it), distances come from a
/// Dijkstra search bounded by how far the vehicle can have driven since the last fix.
/// Turn restrictions are ignored here: matching follows what the vehicle did, not what it should do.
struct MapRoadMatcher: RoadNetworkMatcher {
    let graph: RoadGraph
    let snapper: RoadSnapper
    let mode: TravelMode
    /// Beyond this distance a position is reported as measured: it is more likely off the map's roads
    /// (a car park, a new street) than on a road this far away.
    let maximumDistance: Double
    /// Metres a U-turn in the middle of a road costs on top of the distance driven, so that turning is
    /// believed only when the fixes keep saying so.
    static let uTurnPenalty = 25.0

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
        return road(at: position.coordinate, arc: arc, distance: position.distanceMeters)
    }

    func candidates(near position: Coordinate, within radius: Double, limit: Int) -> [RoadCandidate] {
        candidates(near: position, within: radius, limit: limit, otherRoads: 0)
    }

    /// The `limit` directed road positions nearest `position` and besides them the nearest position of up to
    /// `otherRoads` roads (a way in one direction) those leave out, nearest first.
    ///
    /// A position is the nearest point of one straight segment, and a road drawn with a node every few metres
    /// (a winding service road) crosses the circle in many of them; ranked by distance alone, such a road took
    /// every place, and the road the vehicle was on, 20 m from a noisy fix, was no candidate at all (Monaco's
    /// Boulevard du Larvotto in its tunnel under a winding service road: 20 fixes shown on the service road). The
    /// nearest positions are kept whole: giving every road one place first, in their stead, cost 0.1 point of
    /// snapping on Helsinki and brought reroutes on the route there (BENCHMARKS, round eleven).
    func candidates(near position: Coordinate, within radius: Double, limit: Int, otherRoads: Int) -> [RoadCandidate] {
        let reach = min(radius, maximumDistance)
        // Ranked first, and made into road matches (name, limit, course) only for the candidates kept.
        var ranked: [(position: RoadPosition, arc: Int)] = []
        for position in snapper.positions(within: reach, of: position, mode: mode) {
            for arc in [2 * position.segment, 2 * position.segment + 1] where graph.allows(mode, onArc: arc) {
                ranked.append((position, arc))
            }
        }
        ranked.sort { ($0.position.distanceMeters, $0.arc) < ($1.position.distanceMeters, $1.arc) }
        let nearest = ranked.prefix(max(0, limit))
        var roads = Set(nearest.map(road(of:)))
        var others: [(position: RoadPosition, arc: Int)] = []
        for position in ranked.dropFirst(nearest.count) where others.count < otherRoads {
            if roads.insert(road(of: position)).inserted { others.append(position) }
        }
        // Both parts are in order of distance, and every one of the others is at least as far as the nearest.
        return (nearest + others).map(candidate)
    }

    private func road(of position: (position: RoadPosition, arc: Int)) -> RoadDirection {
        RoadDirection(way: graph.way(ofSegment: position.position.segment), parity: position.arc & 1)
    }

    private func candidate(_ ranked: (position: RoadPosition, arc: Int)) -> RoadCandidate {
        let (position, arc) = ranked
        let length = graph.lengthMeters(ofSegment: position.segment)
        let along = arc == 2 * position.segment ? position.fraction : 1 - position.fraction
        return RoadCandidate(
            edge: arc, offset: along * length,
            road: road(at: position.coordinate, arc: arc, distance: position.distanceMeters))
    }

    func networkDistances(from origin: RoadCandidate, to targets: [RoadCandidate], maximum: Double) -> [Double?] {
        networkDistances(from: origin, to: targets, maximum: maximum, backing: 0)
    }

    func networkDistances(from origin: RoadCandidate, to targets: [RoadCandidate], maximum: Double, backing: Double)
        -> [Double?]
    {
        let start = origin.edge
        guard start >= 0, start < graph.arcCount else { return targets.map { _ in nil } }
        let startLength = graph.lengthMeters(ofSegment: graph.segment(ofArc: start))
        var seeds = [(arc: start, initial: startLength - origin.offset)]
        if backing > 0, origin.offset <= backing {
            // Still at the node the origin's arc starts from, on a road that runs into it the origin's way (not round
            // a corner), the step back paid: the search from that road keeps its price for turning round at the node.
            let course = bearing(ofArc: start)
            seeds += graph.incomingArcs(ofNode: Int(graph.tail(ofArc: start))).map(Int.init)
                .filter {
                    $0 != start ^ 1 && graph.allows(mode, onArc: $0)
                        && Geodesy.angleBetween(bearing(ofArc: $0), course) <= Self.straightOn
                }
                .map { (arc: $0, initial: origin.offset) }
        }
        let entering = enteringDistances(from: seeds, maximum: maximum)
        return targets.map { target in
            guard target.edge >= 0, target.edge < graph.arcCount else { return nil }
            var best: Double?
            if target.edge == start, target.offset >= origin.offset {
                best = target.offset - origin.offset
            }
            if target.edge == start ^ 1 {
                // Turning round where the vehicle is: the two offsets count from opposite ends.
                let turn = abs(startLength - target.offset - origin.offset) + Self.uTurnPenalty
                best = min(best ?? turn, turn)
            }
            if let enter = entering[target.edge] {
                let distance = enter + target.offset
                best = min(best ?? distance, distance)
            }
            return best.flatMap { $0 <= maximum ? $0 : nil }
        }
    }

    /// Largest angle between two arcs meeting at a node for the second to continue the first.
    static let straightOn = 60.0

    private func bearing(ofArc arc: Int) -> Double {
        let tail = graph.coordinate(ofNode: Int(graph.tail(ofArc: arc)))
        return tail.bearing(to: graph.coordinate(ofNode: Int(graph.head(ofArc: arc))))
    }

    /// Driving distances to the start of every arc that can be entered within `maximum` metres, after driving to
    /// the end of one of the `seeds` arcs (`initial` metres away): one search from them all.
    ///
    /// The search runs over arcs, not nodes, so that turning round costs ``uTurnPenalty`` at a node as in the
    /// middle of a road: over nodes a U-turn there would be free, and one wild fix on a side street just
    /// beyond a junction would be explained by driving in and straight back out.
    private func enteringDistances(from seeds: [(arc: Int, initial: Double)], maximum: Double) -> [Int: Double] {
        var settled: Set<Int> = []
        var entering: [Int: Double] = [:]
        var queue = DistanceQueue()
        for seed in seeds { queue.push(seed.arc, seed.initial) }
        while let (arc, distance) = queue.pop() {
            guard distance <= maximum else { break }
            guard settled.insert(arc).inserted else { continue }
            for next in graph.outgoingArcs(ofNode: Int(graph.head(ofArc: arc))) where graph.allows(mode, onArc: Int(next)) {
                let next = Int(next)
                let enter = distance + (next == arc ^ 1 ? Self.uTurnPenalty : 0)
                guard enter <= maximum, !settled.contains(next) else { continue }
                if enter < entering[next] ?? .infinity { entering[next] = enter }
                queue.push(next, enter + graph.lengthMeters(ofSegment: graph.segment(ofArc: next)))
            }
        }
        return entering
    }

    /// A way in one direction of travel along it (its arcs' parity: the way's own order or against it).
    private struct RoadDirection: Hashable {
        var way: Int
        var parity: Int
    }

    private func road(at point: Coordinate, arc: Int, distance: Double) -> RoadMatch {
        let segment = graph.segment(ofArc: arc)
        return RoadMatch(
            latitude: point.latitude, longitude: point.longitude,
            roadName: graph.roadName(ofWay: graph.way(ofSegment: segment)), speedLimit: graph.speedLimit(ofArc: arc),
            distance: distance, course: bearing(ofArc: arc))
    }
}

/// A binary min-heap of arcs by distance, for the matcher's small searches.
private struct DistanceQueue {
    private var items: [(arc: Int, distance: Double)] = []

    mutating func push(_ arc: Int, _ distance: Double) {
        items.append((arc, distance))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].distance < items[parent].distance else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (Int, Double)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < items.count, items[left].distance < items[smallest].distance { smallest = left }
                if right < items.count, items[right].distance < items[smallest].distance { smallest = right }
                guard smallest != parent else { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return (top.arc, top.distance)
    }
}
