import NavConsole
import NavCore
import Foundation
import NavMap
import NavProtocol
import NavService

/// `navbus render LOG.jsonl -o trip.svg`: a picture of a trip — the map's roads around it, the planned
/// route(s), the driven trace coloured by speeding severity, and markers for arrivals and reroutes.
enum RenderCommand: CLICommand {
    static let name = "render"
    static let summary = "draw a recorded trip (JSON Lines from navbus-logger) as an SVG picture"
    static let parser = OptionParser(
        command: "navbus render", summary: summary,
        usage: "navbus render LOG.jsonl [LOG2.jsonl ...] -o trip.svg [--map MAP] [--vehicle V]",
        options: [
            Option("o", help: "the SVG file to write", valueName: "FILE"),
            Option("map", variable: "NAVBUS_MAP", help: "draw this map's roads around the trip (.osm.pbf, .osm, .navgraph)",
                valueName: "MAP"),
            Option("vehicle", help: "the vehicle to draw (default: the first one with locations)", valueName: "V"),
            Option("width", default: "1200", help: "picture width in pixels", valueName: "PIXELS"),
        ])

    static func run(_ options: ParsedOptions) throws {
        guard !options.positional.isEmpty else {
            throw UsageError("expected a log file, e.g. navbus render /var/log/navbus/navbus-2026-11-29-001.jsonl -o trip.svg")
        }
        let output = try options.require("o")
        var lines: [String] = []
        for path in options.positional {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw CLIError("cannot read \(path)")
            }
            lines.append(contentsOf: text.split(separator: "\n").map(String.init))
        }
        let trip = TripRecording(lines: lines, vehicle: options.value("vehicle"))
        guard !trip.trace.isEmpty || !trip.routes.isEmpty else {
            throw CLIError("no nav.location.v1 or nav.route_changed.v1 for vehicle '\(trip.vehicle)' in the log")
        }
        let graph = try options.value("map").map { try MapLoader.load(path: $0) }
        let svg = TripPicture(trip: trip, graph: graph, width: Double(try options.integer("width") ?? 1200)).svg()
        try Data(svg.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        StandardOutput.writeLine(
            "wrote \(output): \(trip.trace.count) locations, \(trip.routes.count) planned route(s), "
                + "\(trip.arrivals.count) arrival(s), \(trip.reroutes.count) reroute(s) for vehicle \(trip.vehicle)")
    }
}

/// Lays out and draws a `TripRecording` as SVG in an equirectangular projection around the trip.
struct TripPicture {
    let trip: TripRecording
    let graph: RoadGraph?
    let width: Double

    func svg() -> String {
        var points = trip.trace.map { ($0.latitude, $0.longitude) }
        for route in trip.routes { for leg in route.legs { points += leg.map { ($0.latitude, $0.longitude) } } }
        points += (trip.arrivals + trip.reroutes).map { ($0.latitude, $0.longitude) }
        let south = points.map(\.0).min()!, north = points.map(\.0).max()!
        let west = points.map(\.1).min()!, east = points.map(\.1).max()!
        let padLat = max((north - south) * 0.12, 0.002), padLon = max((east - west) * 0.12, 0.003)
        let box = (south: south - padLat, north: north + padLat, west: west - padLon, east: east + padLon)
        let xScale = cos((box.south + box.north) / 2 * .pi / 180)
        let spanX = (box.east - box.west) * xScale
        let spanY = box.north - box.south
        let height = (width * spanY / spanX).rounded()
        func point(_ latitude: Double, _ longitude: Double) -> (x: Int, y: Int) {
            (
                Int(((longitude - box.west) * xScale / spanX * width).rounded()),
                Int(((box.north - latitude) / spanY * height).rounded())
            )
        }
        func project(_ latitude: Double, _ longitude: Double) -> String {
            let p = point(latitude, longitude)
            return "\(p.x),\(p.y)"
        }
        func line(_ a: (Double, Double), _ b: (Double, Double), stroke: String, width: Double) -> String {
            let from = point(a.0, a.1), to = point(b.0, b.1)
            return "<line x1=\"\(from.x)\" y1=\"\(from.y)\" x2=\"\(to.x)\" y2=\"\(to.y)\" stroke=\"\(stroke)\" stroke-width=\"\(width)\"/>\n"
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif">
            <rect width="100%" height="100%" fill="#f4f1ea"/>

            """
        if let graph {
            svg += "<g stroke-linecap=\"round\" fill=\"none\">\n"
            for segment in 0..<graph.segmentCount {
                let (from, to) = graph.endpoints(ofSegment: segment)
                let a = graph.coordinate(ofNode: from), b = graph.coordinate(ofNode: to)
                guard
                    [a, b].contains(where: {
                        $0.latitude > box.south && $0.latitude < box.north && $0.longitude > box.west
                            && $0.longitude < box.east
                    })
                else { continue }
                let (stroke, strokeWidth) = Self.style(graph.highwayClass(ofWay: graph.way(ofSegment: segment)))
                svg += line((a.latitude, a.longitude), (b.latitude, b.longitude), stroke: stroke, width: strokeWidth)
            }
            svg += "</g>\n"
        }
        for (index, route) in trip.routes.enumerated() {
            let colour = route.reason == .offRoute || route.reason == .fasterRoute ? "#8e44ad" : "#2c7be5"
            let opacity = index == trip.routes.count - 1 ? "0.55" : "0.3"
            for leg in route.legs where leg.count > 1 {
                svg +=
                    "<polyline points=\"\(leg.map { project($0.latitude, $0.longitude) }.joined(separator: " "))\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"9\" stroke-opacity=\"\(opacity)\" stroke-linejoin=\"round\"><title>planned route (\(route.reason.rawValue))</title></polyline>\n"
            }
        }
        for (a, b) in zip(trip.trace, trip.trace.dropFirst()) {
            svg += line((a.latitude, a.longitude), (b.latitude, b.longitude), stroke: Self.colour(b.severity), width: 3.5)
        }
        for marker in trip.reroutes {
            let p = point(marker.latitude, marker.longitude)
            svg += "<path d=\"M\(p.x),\(p.y - 9) l8,15 h-16 z\" fill=\"#e67e22\" stroke=\"#fff\"><title>reroute</title></path>\n"
        }
        for (index, marker) in trip.arrivals.enumerated() {
            let p = point(marker.latitude, marker.longitude)
            svg += "<circle cx=\"\(p.x)\" cy=\"\(p.y)\" r=\"9\" fill=\"#c0392b\" stroke=\"#fff\" stroke-width=\"2\"/>\n"
            svg += "<text x=\"\(p.x + 12)\" y=\"\(p.y + 5)\" font-size=\"15\" fill=\"#222\">\(index + 1). \(Self.escape(marker.label))</text>\n"
        }
        if let first = trip.trace.first {
            let p = point(first.latitude, first.longitude)
            svg += "<circle cx=\"\(p.x)\" cy=\"\(p.y)\" r=\"7\" fill=\"#27ae60\" stroke=\"#fff\" stroke-width=\"2\"><title>start</title></circle>\n"
        }
        svg += legend(height: height)
        svg += "</svg>\n"
        return svg
    }

    private func legend(height: Double) -> String {
        let items: [(String, String)] = [
            ("#2c7be5", "planned route"), ("#8e44ad", "rerouted"), (Self.colour(.notSpeeding), "driven, not speeding"),
            (Self.colour(.minor), "minor speeding"), (Self.colour(.major), "major speeding"),
            (Self.colour(.unknown), "no speed limit known"),
        ]
        var text = "<g font-size=\"13\"><rect x=\"10\" y=\"10\" width=\"210\" height=\"\(items.count * 20 + 30)\" fill=\"#fff\" fill-opacity=\"0.85\" rx=\"6\"/>\n"
        text += "<text x=\"20\" y=\"30\" font-weight=\"bold\">vehicle \(Self.escape(trip.vehicle))</text>\n"
        for (index, item) in items.enumerated() {
            let y = 50 + index * 20
            text += "<line x1=\"20\" y1=\"\(y - 4)\" x2=\"44\" y2=\"\(y - 4)\" stroke=\"\(item.0)\" stroke-width=\"5\"/><text x=\"52\" y=\"\(y)\">\(item.1)</text>\n"
        }
        return text + "<text x=\"10\" y=\"\(Int(height) - 8)\" font-size=\"11\" fill=\"#555\">© OpenStreetMap contributors</text></g>\n"
    }

    static func colour(_ severity: SpeedingSeverity) -> String {
        switch severity {
        case .notSpeeding: "#1e8449"
        case .minor: "#f39c12"
        case .major: "#c0392b"
        case .unknown: "#7f8c8d"
        }
    }

    static func style(_ highway: HighwayClass) -> (String, Double) {
        switch highway {
        case .motorway, .motorwayLink, .trunk, .trunkLink: ("#e8a87c", 4)
        case .primary, .primaryLink, .secondary, .secondaryLink: ("#f6d58e", 3)
        case .tertiary, .tertiaryLink, .unclassified, .residential, .livingStreet: ("#ffffff", 2.2)
        case .cycleway, .path, .footway, .pedestrian, .steps, .bridleway, .track: ("#d5cfc4", 1)
        default: ("#e6e1d6", 1.5)
        }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
