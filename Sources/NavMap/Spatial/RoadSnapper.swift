public import NavCore
import Foundation

/// Finds the nearest road segment to a coordinate through a uniform grid over all segments.
///
/// Distances are measured in a local equirectangular projection, which is accurate to well under a metre
/// at the scale of a few hundred metres; a query inspects only the grid cells around the point.
public struct RoadSnapper: Sendable {
    public let graph: RoadGraph
    private let originLatitude: Double
    private let originLongitude: Double
    private let metersPerDegreeLatitude = 111_195.0
    private let metersPerDegreeLongitude: Double
    private let cellMeters: Double
    private let columns: Int
    private let rows: Int
    private let cellOffsets: [UInt32]
    private let cellSegments: [UInt32]

    /// Builds the grid for `graph`.
    public init(graph: RoadGraph) {
        self.graph = graph
        let latitudes = graph.latitudes
        let longitudes = graph.longitudes
        let minLat = latitudes.min() ?? 0
        let maxLat = latitudes.max() ?? 0
        let minLon = longitudes.min() ?? 0
        let maxLon = longitudes.max() ?? 0
        originLatitude = minLat
        originLongitude = minLon
        metersPerDegreeLongitude = metersPerDegreeLatitude * max(0.01, cos((minLat + maxLat) / 2 * .pi / 180))
        let width = max(1, (maxLon - minLon) * metersPerDegreeLongitude)
        let height = max(1, (maxLat - minLat) * metersPerDegreeLatitude)
        // About one segment per cell keeps both the grid and the per-query scan small.
        let area = width * height
        var cell = max(25, (area / Double(max(1, graph.segmentCount))).squareRoot())
        while (width / cell + 1) * (height / cell + 1) > 4_000_000 { cell *= 2 }
        cellMeters = cell
        columns = Int(width / cell) + 1
        rows = Int(height / cell) + 1

        var counts = [UInt32](repeating: 0, count: columns * rows + 1)
        var entries: [(cell: Int, segment: UInt32)] = []
        entries.reserveCapacity(graph.segmentCount + graph.segmentCount / 4)
        let flags = graph.segmentFlags
        let copyFlag = RoadGraph.SegmentFlags.restrictionCopy.rawValue
        for segment in 0..<graph.segmentCount where flags[segment] & copyFlag == 0 {
            let a = Int(graph.segmentEnds[2 * segment])
            let b = Int(graph.segmentEnds[2 * segment + 1])
            let (ax, ay) = Self.project(latitudes[a], longitudes[a], minLat, minLon, metersPerDegreeLongitude)
            let (bx, by) = Self.project(latitudes[b], longitudes[b], minLat, minLon, metersPerDegreeLongitude)
            let c0 = Self.cellIndex(min(ax, bx), cell: cell, count: columns)
            let c1 = Self.cellIndex(max(ax, bx), cell: cell, count: columns)
            let r0 = Self.cellIndex(min(ay, by), cell: cell, count: rows)
            let r1 = Self.cellIndex(max(ay, by), cell: cell, count: rows)
            for r in r0...r1 {
                for c in c0...c1 {
                    entries.append((r * columns + c, UInt32(segment)))
                    counts[r * columns + c + 1] += 1
                }
            }
        }
        for i in 0..<(columns * rows) { counts[i + 1] += counts[i] }
        var fill = counts
        var list = [UInt32](repeating: 0, count: entries.count)
        for entry in entries {
            list[Int(fill[entry.cell])] = entry.segment
            fill[entry.cell] += 1
        }
        cellOffsets = counts
        cellSegments = list
    }

    /// The grid row or column holding projected metres `value`; positions beyond the grid fall in its border cells.
    private static func cellIndex(_ value: Double, cell: Double, count: Int) -> Int {
        max(0, min(count - 1, Int(value / cell)))
    }

    private static func project(
        _ latitude: Double, _ longitude: Double, _ originLat: Double, _ originLon: Double, _ mLon: Double
    ) -> (Double, Double) {
        ((longitude - originLon) * mLon, (latitude - originLat) * 111_195.0)
    }

    private func project(_ latitude: Double, _ longitude: Double) -> (x: Double, y: Double) {
        (
            (longitude - originLongitude) * metersPerDegreeLongitude,
            (latitude - originLatitude) * metersPerDegreeLatitude
        )
    }

    /// The nearest point on a segment that `mode` may use.
    /// - Parameters:
    ///   - coordinate: the point to snap.
    ///   - mode: only segments with an arc this mode may use are candidates.
    ///   - heading: direction of travel in degrees; segments whose usable direction differs by more than
    ///     90° are penalised, and the result names the arc that matches.
    ///   - maxDistanceMeters: give up beyond this distance.
    ///   - accept: an extra filter on segment indices (for instance, only the main connected component).
    public func nearest(
        to coordinate: Coordinate, mode: TravelMode, heading: Double? = nil, maxDistanceMeters: Double = 5_000,
        accept: ((Int) -> Bool)? = nil
    ) -> RoadPosition? {
        let p = project(coordinate.latitude, coordinate.longitude)
        let col = Int((p.x / cellMeters).rounded(.down))
        let row = Int((p.y / cellMeters).rounded(.down))
        var best: (score: Double, distance: Double, segment: Int, t: Double, arc: Int?)?
        let bit = mode.bit
        let maxRing = Int(maxDistanceMeters / cellMeters) + 1
        var ring = 0
        while ring <= maxRing {
            // Cells in ring r are at least (r - 1) cell widths away.
            if let best, best.score < Double(ring - 1) * cellMeters { break }
            forEachCell(ring: ring, col: col, row: row) { cell in
                for k in Int(cellOffsets[cell])..<Int(cellOffsets[cell + 1]) {
                    let segment = Int(cellSegments[k])
                    let forwardOK = graph.arcModes[2 * segment] & bit != 0
                    let backwardOK = graph.arcModes[2 * segment + 1] & bit != 0
                    guard forwardOK || backwardOK else { continue }
                    if let accept, !accept(segment) { continue }
                    let a = Int(graph.segmentEnds[2 * segment])
                    let b = Int(graph.segmentEnds[2 * segment + 1])
                    let pa = project(graph.latitudes[a], graph.longitudes[a])
                    let pb = project(graph.latitudes[b], graph.longitudes[b])
                    let dx = pb.x - pa.x
                    let dy = pb.y - pa.y
                    let lengthSquared = dx * dx + dy * dy
                    var t = lengthSquared > 0 ? ((p.x - pa.x) * dx + (p.y - pa.y) * dy) / lengthSquared : 0
                    t = min(1, max(0, t))
                    let ex = pa.x + t * dx - p.x
                    let ey = pa.y + t * dy - p.y
                    let distance = (ex * ex + ey * ey).squareRoot()
                    var score = distance
                    var arc: Int?
                    if let heading {
                        let bearing = atan2(dx, dy) * 180 / .pi
                        let forwardDiff = abs(Geodesy.bearingDifference(from: heading, to: bearing))
                        let backwardDiff = 180 - forwardDiff
                        let diffs = [
                            (forwardOK, forwardDiff, 2 * segment), (backwardOK, backwardDiff, 2 * segment + 1),
                        ]
                        .filter(\.0).min { $0.1 < $1.1 }!
                        arc = diffs.2
                        // A matching direction is worth up to ~20 m of lateral distance.
                        score += diffs.1 > 90 ? 50 + diffs.1 * 0.2 : diffs.1 * 0.2
                    }
                    if distance <= maxDistanceMeters, best == nil || score < best!.score {
                        best = (score, distance, segment, t, arc)
                    }
                }
            }
            ring += 1
        }
        guard let best else { return nil }
        let (a, b) = graph.endpoints(ofSegment: best.segment)
        let point = graph.coordinate(ofNode: a).interpolated(to: graph.coordinate(ofNode: b), fraction: best.t)
        return RoadPosition(
            segment: best.segment, fraction: best.t, coordinate: point, distanceMeters: best.distance,
            preferredArc: best.arc)
    }

    /// The nearest point of every segment that `mode` may use (in either direction) and that passes within
    /// `radiusMeters` of `center`, in no particular order.
    ///
    /// The grid files a segment under every cell its bounding box covers, so the cells under the circle's box
    /// hold every segment that can cross the circle, however long, and few others: the query measures the
    /// segments around the point, not every segment with an end somewhere near. A segment filed under several
    /// of those cells is measured once, in the first of them (its own first cell, or the box's edge).
    public func positions(within radiusMeters: Double, of center: Coordinate, mode: TravelMode) -> [RoadPosition] {
        guard radiusMeters >= 0, radiusMeters.isFinite, center.latitude.isFinite, center.longitude.isFinite else {
            return []
        }
        let p = project(center.latitude, center.longitude)
        let c0 = Self.cellIndex(p.x - radiusMeters, cell: cellMeters, count: columns)
        let c1 = Self.cellIndex(p.x + radiusMeters, cell: cellMeters, count: columns)
        let r0 = Self.cellIndex(p.y - radiusMeters, cell: cellMeters, count: rows)
        let r1 = Self.cellIndex(p.y + radiusMeters, cell: cellMeters, count: rows)
        let bit = mode.bit
        var found: [RoadPosition] = []
        for r in r0...r1 {
            for c in c0...c1 {
                let cell = r * columns + c
                for k in Int(cellOffsets[cell])..<Int(cellOffsets[cell + 1]) {
                    let segment = Int(cellSegments[k])
                    guard graph.arcModes[2 * segment] & bit != 0 || graph.arcModes[2 * segment + 1] & bit != 0
                    else { continue }
                    let a = Int(graph.segmentEnds[2 * segment])
                    let b = Int(graph.segmentEnds[2 * segment + 1])
                    let pa = project(graph.latitudes[a], graph.longitudes[a])
                    let pb = project(graph.latitudes[b], graph.longitudes[b])
                    let firstColumn = max(c0, Self.cellIndex(min(pa.x, pb.x), cell: cellMeters, count: columns))
                    let firstRow = max(r0, Self.cellIndex(min(pa.y, pb.y), cell: cellMeters, count: rows))
                    guard firstColumn == c, firstRow == r else { continue }
                    let dx = pb.x - pa.x
                    let dy = pb.y - pa.y
                    let lengthSquared = dx * dx + dy * dy
                    let t =
                        lengthSquared > 0 ? min(1, max(0, ((p.x - pa.x) * dx + (p.y - pa.y) * dy) / lengthSquared)) : 0
                    let ex = pa.x + t * dx - p.x
                    let ey = pa.y + t * dy - p.y
                    let distance = (ex * ex + ey * ey).squareRoot()
                    guard distance <= radiusMeters else { continue }
                    let point = graph.coordinate(ofNode: a).interpolated(to: graph.coordinate(ofNode: b), fraction: t)
                    found.append(RoadPosition(segment: segment, fraction: t, coordinate: point, distanceMeters: distance))
                }
            }
        }
        return found
    }

    /// Segments with an end node inside the box (segments are short, so this is what an area incident covers).
    public func segments(in box: BoundingBox) -> [Int] {
        let low = project(box.minLatitude, box.minLongitude)
        let high = project(box.maxLatitude, box.maxLongitude)
        let c0 = max(0, Int(low.x / cellMeters))
        let c1 = min(columns - 1, Int(high.x / cellMeters))
        let r0 = max(0, Int(low.y / cellMeters))
        let r1 = min(rows - 1, Int(high.y / cellMeters))
        guard c0 <= c1, r0 <= r1 else { return [] }
        var seen = Set<Int>()
        for r in r0...r1 {
            for c in c0...c1 {
                let cell = r * columns + c
                for k in Int(cellOffsets[cell])..<Int(cellOffsets[cell + 1]) {
                    let segment = Int(cellSegments[k])
                    let (a, b) = graph.endpoints(ofSegment: segment)
                    if box.contains(graph.coordinate(ofNode: a)) || box.contains(graph.coordinate(ofNode: b)) {
                        seen.insert(segment)
                    }
                }
            }
        }
        return seen.sorted()
    }

    /// Segments with an end node within `radiusMeters` of `center`.
    public func segments(within radiusMeters: Double, of center: Coordinate) -> [Int] {
        segments(in: BoundingBox(center: center, radiusMeters: radiusMeters)).filter { segment in
            let (a, b) = graph.endpoints(ofSegment: segment)
            return graph.coordinate(ofNode: a).distance(to: center) <= radiusMeters
                || graph.coordinate(ofNode: b).distance(to: center) <= radiusMeters
        }
    }

    /// OSM way ids of the roads within `radiusMeters` of `center` (for area traffic incidents).
    public func wayIDs(within radiusMeters: Double, of center: Coordinate) -> Set<Int64> {
        Set(segments(within: radiusMeters, of: center).map { graph.osmID(ofWay: graph.way(ofSegment: $0)) })
    }

    /// OSM way ids of the roads in `box`.
    public func wayIDs(in box: BoundingBox) -> Set<Int64> {
        Set(segments(in: box).map { graph.osmID(ofWay: graph.way(ofSegment: $0)) })
    }

    private func forEachCell(ring: Int, col: Int, row: Int, _ body: (Int) -> Void) {
        func visit(_ c: Int, _ r: Int) {
            if c >= 0, c < columns, r >= 0, r < rows { body(r * columns + c) }
        }
        if ring == 0 {
            visit(col, row)
            return
        }
        for c in (col - ring)...(col + ring) {
            visit(c, row - ring)
            visit(c, row + ring)
        }
        for r in (row - ring + 1)...(row + ring - 1) {
            visit(col - ring, r)
            visit(col + ring, r)
        }
    }
}
