import NavCore
import Foundation
import NavMap
import NavNavigator
import struct NavProtocol.NavigatorConfiguration
import enum NavProtocol.VoiceLanguage
import enum NavProtocol.VoiceUnits
import NavRouting
import NavService

/// `navbus route`: plan a route on a map from the command line, print its summary and steps, write GeoJSON.
enum RouteCommand: CLICommand {
    static let name = "route"
    static let summary = "plan a route on a map and print its steps (and GeoJSON with --geojson)"
    static let parser = OptionParser(
        command: "navbus route", summary: summary,
        usage:
            "navbus route --map MAP --from LAT,LON --to LAT,LON [--via LAT,LON ...] [--mode M] [--avoid tolls,highways,ferries] [--alternatives] [--geojson FILE] [--prompts [--speed KMH] [--language en|fi] [--units metric|imperial]]",
        options: [
            Option("map", variable: "NAVBUS_MAP", help: ".osm.pbf, .osm or .navgraph", valueName: "MAP"),
            Option("from", help: "origin", valueName: "LAT,LON"),
            Option("to", help: "destination", valueName: "LAT,LON"),
            Option("via", help: "intermediate stop (repeatable, in order)", valueName: "LAT,LON", repeats: true),
            Option("mode", default: "driving", help: "driving, taxi, twoWheeler, cycling or walking", valueName: "M"),
            Option("avoid", help: "comma-separated: tolls, highways, ferries", valueName: "LIST"),
            Option.flag("alternatives", help: "also compute up to two meaningfully different alternatives"),
            Option("geojson", help: "write the route(s) as a GeoJSON FeatureCollection", valueName: "FILE"),
            Option.flag("prompts", help: "print the voice prompts a driver hears on the route's first leg"),
            Option("speed", default: "50", help: "with --prompts: the constant speed driven", valueName: "KMH"),
            Option("language", default: "en", help: "with --prompts: en or fi", valueName: "L"),
            Option("units", default: "metric", help: "with --prompts: metric or imperial", valueName: "U"),
        ])

    static func run(_ options: ParsedOptions) throws {
        let map = try options.require("map")
        let from = try coordinate(options.require("from"), option: "from")
        let to = try coordinate(options.require("to"), option: "to")
        let vias = try options.values("via").map { try coordinate($0, option: "via") }
        guard let mode = TravelMode(rawValue: options.value("mode") ?? "driving") else {
            throw UsageError("--mode must be one of \(TravelMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var routing = RoutingOptions(travelMode: mode)
        for item in (options.value("avoid") ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            switch item {
            case "tolls": routing.avoidsTolls = true
            case "highways": routing.avoidsHighways = true
            case "ferries": routing.avoidsFerries = true
            default: throw UsageError("--avoid takes tolls, highways and ferries, not '\(item)'")
            }
        }
        if options.flag("alternatives") { routing.alternateRoutes = .all }
        let rehearsal = options.flag("prompts") ? try rehearsalSettings(options) : nil
        let graph = try MapLoader.load(path: map)
        let router = Router(graph: graph, modes: [mode])
        let waypoints = ([from] + vias + [to]).enumerated().map { index, point in
            Waypoint(title: index == 0 ? "origin" : "waypoint \(index)", latitude: point.0, longitude: point.1)
        }
        let result = router.route(RouteRequest(waypoints: waypoints, options: routing))
        StandardOutput.writeLine(RouteTextFormatter.describe(result))
        guard result.status == .ok else { throw CLIError("no route: \(result.status.rawValue) — \(result.message)") }
        if let rehearsal, let route = result.routes.first {
            let prompts = try PromptRehearsal(route: route, speed: rehearsal.kmh / 3.6, configuration: rehearsal.voice)
            StandardOutput.writeLine(
                "voice prompts at \(Int(rehearsal.kmh)) km/h (\(rehearsal.voice.language.rawValue), \(rehearsal.voice.units.rawValue)):")
            for line in prompts.transcript { StandardOutput.writeLine(line) }
        }
        if let path = options.value("geojson") {
            try Data(RouteGeoJSON.featureCollection(result.routes).utf8).write(
                to: URL(fileURLWithPath: path), options: .atomic)
            StandardOutput.writeLine("wrote \(path)")
        }
    }

    /// How `--prompts` drives the route's first leg through the guidance engine and the voice monitor, as
    /// the navigator runs them (``PromptRehearsal``): checked before the map is loaded.
    static func rehearsalSettings(_ options: ParsedOptions) throws -> (kmh: Double, voice: NavigatorConfiguration) {
        guard let kmh = Double(options.value("speed") ?? "50"), kmh > 0, kmh <= 250 else {
            throw UsageError("--speed expects km/h between 1 and 250, e.g. --speed 50")
        }
        var configuration = NavigatorConfiguration.defaults
        guard let language = VoiceLanguage(rawValue: options.value("language") ?? "en") else {
            throw UsageError("--language takes \(VoiceLanguage.allCases.map(\.rawValue).joined(separator: " or "))")
        }
        guard let units = VoiceUnits(rawValue: options.value("units") ?? "metric") else {
            throw UsageError("--units takes \(VoiceUnits.allCases.map(\.rawValue).joined(separator: " or "))")
        }
        configuration.language = language
        configuration.units = units
        return (kmh, configuration)
    }

    static func coordinate(_ text: String, option: String) throws -> (Double, Double) {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], abs(latitude) <= 90,
            abs(longitude) <= 180
        else { throw UsageError("--\(option) expects LAT,LON in degrees, e.g. 60.1699,24.9384; got '\(text)'") }
        return (latitude, longitude)
    }
}
