import NavCore
import Foundation
import NavGuidance

/// A small street network in the local frame of ``Streets`` — a grid of two-way streets — with the
/// matcher a map would give the engine: directed candidates by projection, distances by Dijkstra.
struct StreetGrid: RoadNetworkMatcher {
    /// Node positions (east, north) in metres.
    let nodes: [(Double, Double)]
    /// Directed edges: edge `2k` runs `ends[k].0 → ends[k].1`, edge `2k + 1` back.
    let ends: [(Int, Int)]
    /// Streets (indices into ``ends``) that may be driven only from their first node to their second.
    let oneWay: Set<Int>

    /// Streets every `spacing` metres, `columns` × `rows` nodes from the origin.
    init(columns: Int, rows: Int, spacing: Double) {
        var nodes: [(Double, Double)] = []
        var ends: [(Int, Int)] = []
        for row in 0..<rows {
            for column in 0..<columns {
                nodes.append((Double(column) * spacing, Double(row) * spacing))
                let index = row * columns + column
                if column + 1 < columns { ends.append((index, index + 1)) }
                if row + 1 < rows { ends.append((index, index + columns)) }
            }
        }
        self.nodes = nodes
        self.ends = ends
        oneWay = []
    }

    /// Any network of straight streets: node positions (east, north), the node pairs they join, and which of
    /// them are one-way (from the pair's first node to its second).
    init(nodes: [(Double, Double)], streets: [(Int, Int)], oneWay: Set<Int> = []) {
        self.nodes = nodes
        ends = streets
        self.oneWay = oneWay
    }

    private func allows(_ edge: Int) -> Bool { edge % 2 == 0 || !oneWay.contains(edge / 2) }

    private func endpoints(ofEdge edge: Int) -> (tail: Int, head: Int) {
        let (a, b) = ends[edge / 2]
        return edge % 2 == 0 ? (a, b) : (b, a)
    }

    private func length(ofEdge edge: Int) -> Double {
        let (a, b) = ends[edge / 2]
        return hypot(nodes[b].0 - nodes[a].0, nodes[b].1 - nodes[a].1)
    }

    private func local(_ coordinate: Coordinate) -> (Double, Double) {
        let kx = Streets.metresPerDegree * cos(Streets.origin.latitude * .pi / 180)
        return (
            (coordinate.longitude - Streets.origin.longitude) * kx,
            (coordinate.latitude - Streets.origin.latitude) * Streets.metresPerDegree
        )
    }

    /// The nearest street point to a local position, with the edge it lies on.
    func nearest(east: Double, north: Double) -> (east: Double, north: Double) {
        let point = Streets.point(east, north)
        let best = candidates(near: point, within: 1_000, limit: 1).first
        return best.map { local(Coordinate(latitude: $0.road.latitude, longitude: $0.road.longitude)) }
            ?? (east, north)
    }

    func match(latitude: Double, longitude: Double, heading: Double?) -> RoadMatch? {
        candidates(near: Coordinate(latitude: latitude, longitude: longitude), within: 75, limit: 1).first?.road
    }

    func candidates(near position: Coordinate, within radius: Double, limit: Int) -> [RoadCandidate] {
        let (x, y) = local(position)
        var found: [RoadCandidate] = []
        for (k, (a, b)) in ends.enumerated() {
            let (ax, ay) = nodes[a]
            let (dx, dy) = (nodes[b].0 - ax, nodes[b].1 - ay)
            let squared = dx * dx + dy * dy
            let t = min(1, max(0, ((x - ax) * dx + (y - ay) * dy) / squared))
            let (px, py) = (ax + t * dx, ay + t * dy)
            let distance = hypot(px - x, py - y)
            guard distance <= radius else { continue }
            let point = Streets.point(px, py)
            let length = squared.squareRoot()
            for edge in [2 * k, 2 * k + 1] where allows(edge) {
                let forward = edge % 2 == 0
                let course = (atan2(forward ? dx : -dx, forward ? dy : -dy) * 180 / .pi + 360)
                    .truncatingRemainder(dividingBy: 360)
                found.append(
                    RoadCandidate(
                        edge: edge, offset: (forward ? t : 1 - t) * length,
                        road: RoadMatch(
                            latitude: point.latitude, longitude: point.longitude, roadName: "Street \(k)",
                            speedLimit: nil, distance: distance, course: course)))
            }
        }
        return Array(found.sorted { $0.road.distance < $1.road.distance }.prefix(limit))
    }

    func networkDistances(from origin: RoadCandidate, to targets: [RoadCandidate], maximum: Double) -> [Double?] {
        var settled: [Int: Double] = [:]
        var frontier: [(node: Int, distance: Double)] = [
            (endpoints(ofEdge: origin.edge).head, length(ofEdge: origin.edge) - origin.offset)
        ]
        while let next = frontier.min(by: { $0.distance < $1.distance }) {
            frontier.removeAll { $0.node == next.node && $0.distance == next.distance }
            guard next.distance <= maximum else { break }
            guard settled[next.node] == nil else { continue }
            settled[next.node] = next.distance
            for edge in 0..<(2 * ends.count) where allows(edge) && endpoints(ofEdge: edge).tail == next.node {
                frontier.append((endpoints(ofEdge: edge).head, next.distance + length(ofEdge: edge)))
            }
        }
        return targets.map { target in
            var best: Double?
            if target.edge == origin.edge, target.offset >= origin.offset { best = target.offset - origin.offset }
            if target.edge == origin.edge ^ 1, allows(target.edge) {
                best = abs(length(ofEdge: origin.edge) - target.offset - origin.offset) + 25
            }
            if let tail = settled[endpoints(ofEdge: target.edge).tail] {
                best = min(best ?? .infinity, tail + target.offset)
            }
            return best.flatMap { $0 <= maximum ? $0 : nil }
        }
    }
}
