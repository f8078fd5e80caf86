public import NavMap
import NavBus

/// The navigator's road network as the browser draws it (`/map.json`): every road as a polyline by drawing class,
/// plus the traffic lights and stop signs.
///
/// Compact on purpose: positions are integers in 1e-5 degrees (about a metre), each polyline's first position is
/// absolute and the rest are differences to the one before. Layout:
/// `{"scale":100000,"bounds":[south,west,north,east],"roads":[[class,x0,y0,dx1,dy1,…],…],
/// "trafficSignals":[x,y,…],"stopSigns":[x,y,…]}` with x the longitude and y the latitude.
public enum MapLayer {
    /// How the map draws a road; the page styles each class (width and colour).
    public enum DrawingClass: Int, Sendable, CaseIterable {
        case motorway = 0
        case major = 1
        case minor = 2
        case service = 3
        case path = 4
        case ferry = 5

        public init(_ highway: HighwayClass) {
            switch highway {
            case .motorway, .motorwayLink, .trunk, .trunkLink: self = .motorway
            case .primary, .primaryLink, .secondary, .secondaryLink: self = .major
            case .tertiary, .tertiaryLink, .unclassified, .residential, .livingStreet, .road, .busway: self = .minor
            case .service, .track: self = .service
            case .cycleway, .path, .footway, .pedestrian, .steps, .bridleway: self = .path
            case .ferry: self = .ferry
            }
        }
    }

    static let scale = 100_000.0

    /// The JSON document for `graph`.
    public static func json(for graph: RoadGraph) -> [UInt8] {
        var writer = JSONWriter(capacity: graph.segmentCount * 12)
        writer.raw("{\"scale\":")
        writer.integer(Int(scale))
        writer.raw(",\"bounds\":[")
        var south = 90.0, west = 180.0, north = -90.0, east = -180.0
        for node in 0..<graph.nodeCount {
            let point = graph.coordinate(ofNode: node)
            south = min(south, point.latitude)
            north = max(north, point.latitude)
            west = min(west, point.longitude)
            east = max(east, point.longitude)
        }
        if graph.nodeCount == 0 { (south, west, north, east) = (0, 0, 0, 0) }
        for (i, value) in [south, west, north, east].enumerated() {
            if i > 0 { writer.raw(UInt8(ascii: ",")) }
            writer.integer(fixed(value))
        }
        writer.raw("],\"roads\":[")
        var firstRoad = true
        for way in 0..<graph.wayCount {
            let drawing = DrawingClass(graph.highwayClass(ofWay: way))
            for line in polylines(ofWay: way, in: graph) where line.count >= 2 {
                if !firstRoad { writer.raw(UInt8(ascii: ",")) }
                firstRoad = false
                writer.raw(UInt8(ascii: "["))
                writer.integer(drawing.rawValue)
                var previous = (x: 0, y: 0)
                for node in line {
                    let point = graph.coordinate(ofNode: node)
                    let x = fixed(point.longitude)
                    let y = fixed(point.latitude)
                    writer.raw(UInt8(ascii: ","))
                    writer.integer(x - previous.x)
                    writer.raw(UInt8(ascii: ","))
                    writer.integer(y - previous.y)
                    previous = (x, y)
                }
                writer.raw(UInt8(ascii: "]"))
            }
        }
        writer.raw("],\"trafficSignals\":")
        points(graph.nodeAttributes.nodes(with: .trafficSignals), in: graph, into: &writer)
        writer.raw(",\"stopSigns\":")
        points(graph.nodeAttributes.nodes(with: .stop), in: graph, into: &writer)
        writer.raw(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// The way's segments chained into runs of consecutive nodes (a way is split where one of its nodes was
    /// missing from the extract); copies made for turn restrictions are left out.
    static func polylines(ofWay way: Int, in graph: RoadGraph) -> [[Int]] {
        var lines: [[Int]] = []
        var current: [Int] = []
        for segment in graph.segments(ofWay: way) where !graph.flags(ofSegment: segment).contains(.restrictionCopy) {
            let (from, to) = graph.endpoints(ofSegment: segment)
            if current.last == from {
                current.append(to)
            } else {
                if current.count >= 2 { lines.append(current) }
                current = [from, to]
            }
        }
        if current.count >= 2 { lines.append(current) }
        return lines
    }

    private static func points(_ nodes: [Int], in graph: RoadGraph, into writer: inout JSONWriter) {
        writer.raw(UInt8(ascii: "["))
        for (i, node) in nodes.enumerated() {
            if i > 0 { writer.raw(UInt8(ascii: ",")) }
            let point = graph.coordinate(ofNode: node)
            writer.integer(fixed(point.longitude))
            writer.raw(UInt8(ascii: ","))
            writer.integer(fixed(point.latitude))
        }
        writer.raw(UInt8(ascii: "]"))
    }

    private static func fixed(_ degrees: Double) -> Int { Int((degrees * scale).rounded()) }
}
