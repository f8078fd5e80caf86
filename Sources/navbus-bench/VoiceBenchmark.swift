import Foundation
import NavCore
import NavMap
import NavNavigator
import enum NavProtocol.VoiceLanguage
import struct NavProtocol.ConfigureNavigatorParams
import struct NavProtocol.NavigatorConfiguration
import NavRouting

/// Voice prompt timing over many routes: each route is driven at each speed through the guidance engine
/// and the voice monitor (``PromptRehearsal``) and audited. The last line of output is JSON for
/// `scripts/bench_voice_vs_valhalla.py`, which compares the same routes with Valhalla's narrative.
///
/// With `--noise 5,10` every route is also driven under GPS noise of each σ (metres) through a real
/// ``Navigator`` (``NoisyRehearsal``: speed varying about each cruise speed, stops at some junctions, 1 Hz
/// fixes) and audited against the true positions.
///
/// Usage: `navbus-bench voice [--map FILE] [--box S,N,W,E] [--pairs FILE.json | --routes N (routed routes) --seed N]
/// [--speeds 20,50,100] [--noise 5,10] [--language en|fi] [--show-late]`
enum VoiceBenchmark {
    static func route(_ router: Router, _ a: Coordinate, _ b: Coordinate) -> NavRouting.Route? {
        router.route(RouteRequest(waypoints: [Waypoint(coordinate: a), Waypoint(coordinate: b)])).routes.first
    }

    static func run(arguments: [String]) throws {
        var map = "maps/helsinki.osm.pbf"
        var pairsFile: String?
        var routes = 200
        var seed: UInt64 = 14
        var speeds = [20.0, 50.0, 100.0]
        var configuration = NavigatorConfiguration.defaults
        var showLate = false
        // Central Helsinki, the same box as the routing benchmark.
        var box = (south: 60.158, north: 60.182, west: 24.925, east: 24.960)
        var sigmas: [Double] = []
        var iterator = arguments.makeIterator()
        while let flag = iterator.next() {
            if flag == "--show-late" {
                showLate = true
                continue
            }
            guard let value = iterator.next() else { throw RoutingBenchmark.UsageError(message: "\(flag) needs a value") }
            switch flag {
            case "--map": map = value
            case "--pairs": pairsFile = value
            case "--routes": routes = try RoutingBenchmark.Configuration.number(value, flag)
            case "--seed": seed = UInt64(try RoutingBenchmark.Configuration.number(value, flag))
            case "--speeds": speeds = value.split(separator: ",").compactMap { Double($0) }
            case "--noise": sigmas = value.split(separator: ",").compactMap { Double($0) }
            case "--box":
                let edges = value.split(separator: ",").compactMap { Double($0) }
                guard edges.count == 4, edges[0] < edges[1], edges[2] < edges[3] else {
                    throw RoutingBenchmark.UsageError(message: "--box takes south,north,west,east in degrees")
                }
                box = (edges[0], edges[1], edges[2], edges[3])
            case "--language":
                guard let language = VoiceLanguage(rawValue: value) else {
                    throw RoutingBenchmark.UsageError(message: "--language takes en or fi")
                }
                configuration.language = language
            default: throw RoutingBenchmark.UsageError(message: "unknown option \(flag)")
            }
        }
        let router = Router(graph: try MapLoader.load(path: map))
        var pairs: [(Coordinate, Coordinate)] = []
        var planned: [NavRouting.Route] = []
        if let pairsFile {
            let decoded = try JSONDecoder().decode(
                [[[Double]]].self, from: Data(contentsOf: URL(fileURLWithPath: pairsFile)))
            pairs = decoded.compactMap { pair in
                guard pair.count == 2, pair[0].count == 2, pair[1].count == 2 else { return nil }
                return (
                    Coordinate(latitude: pair[0][0], longitude: pair[0][1]),
                    Coordinate(latitude: pair[1][0], longitude: pair[1][1])
                )
            }
        } else {
            var random = SeededGenerator(seed: seed)
            func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
            // Pairs are drawn until `routes` of them have a route: random points may lie too far from a
            // usable road, and the count asked for is of routes driven. A cap keeps a map without roads finite.
            var drawn = 0
            while planned.count < routes && drawn < 20 * routes {
                drawn += 1
                let a = Coordinate(latitude: uniform(box.south...box.north), longitude: uniform(box.west...box.east))
                let b = Coordinate(latitude: uniform(box.south...box.north), longitude: uniform(box.west...box.east))
                if let route = Self.route(router, a, b) { planned.append(route) }
            }
        }
        planned += pairs.compactMap { Self.route(router, $0.0, $0.1) }
        var results: [[String: Any]] = []
        var chained = 0
        var capitalisedThen = 0
        var rampSteps = 0
        // A street name left in the nominative after a generic noun in the allative ("kadulle Kaivokatu"),
        // Valhalla's Finnish fault.
        var uninflectedNames = 0
        for kmh in speeds {
            var total = PromptRehearsal.Audit()
            var promptsPerRoute: [Int] = []
            let start = Date()
            for route in planned {
                let rehearsal = try PromptRehearsal(route: route, speed: kmh / 3.6, configuration: configuration)
                let audit = rehearsal.audit
                if showLate, audit.late > 0 || audit.repeated > 0 || audit.announcedInTime < audit.maneuvers {
                    print("late or repeated at \(kmh) km/h; maneuvers:", rehearsal.maneuvers.map { "\($0.instruction) @\(Int($0.distanceAlong)) m" })
                    print("  prompts:", rehearsal.prompts.map { "\($0.prompt.text) @\(Int($0.distanceAlong)) m" })
                }
                total.maneuvers += audit.maneuvers
                total.announcedInTime += audit.announcedInTime
                total.late += audit.late
                total.repeated += audit.repeated
                // Phrasing is counted at town speed (or the only speed asked for).
                if kmh == 50 || (speeds.count == 1) || (!speeds.contains(50) && kmh == speeds[0]) {
                    chained += audit.chained
                    capitalisedThen += audit.capitalisedThen
                    rampSteps += audit.rampSteps
                    uninflectedNames += rehearsal.prompts.count {
                        $0.prompt.text.range(of: #"(kadulle|tielle|väylälle|raitille) \p{Lu}"#, options: .regularExpression) != nil
                    }
                }
                promptsPerRoute.append(rehearsal.prompts.count)
            }
            let seconds = Date().timeIntervalSince(start)
            let median = promptsPerRoute.sorted()[promptsPerRoute.count / 2]
            print(
                String(
                    format: "%3.0f km/h: %d routes, %d maneuvers, announced >= 5 s ahead %d (%.1f %%), late %d, "
                        + "repeated stages %d, median %d prompts per route, %.2f ms per route driven",
                    kmh, planned.count, total.maneuvers, total.announcedInTime,
                    100 * Double(total.announcedInTime) / Double(max(1, total.maneuvers)), total.late, total.repeated,
                    median, 1000 * seconds / Double(max(1, planned.count))))
            results.append([
                "kmh": kmh, "maneuvers": total.maneuvers, "announcedInTime": total.announcedInTime,
                "late": total.late, "repeated": total.repeated,
            ])
        }
        print("chained prompts \(chained), with a capital after then \(capitalisedThen), ramp steps \(rampSteps)")
        let noisy = try noisyDrives(
            planned, map: NavigatorMap(router: router), speeds: speeds, sigmas: sigmas, language: configuration.language,
            showLate: showLate)
        let summary: [String: Any] = [
            "routes": planned.count, "speeds": results, "chained": chained, "capitalisedThen": capitalisedThen,
            "rampSteps": rampSteps, "uninflectedNames": uninflectedNames, "noisy": noisy,
        ]
        print(String(decoding: try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]), as: UTF8.self))
    }

    /// Every route driven at every speed under every noise level through a real navigator.
    static func noisyDrives(
        _ routes: [NavRouting.Route], map: NavigatorMap, speeds: [Double], sigmas: [Double], language: VoiceLanguage,
        showLate: Bool
    ) throws -> [[String: Any]] {
        var results: [[String: Any]] = []
        for sigma in sigmas {
            for kmh in speeds {
                var total = NoisyRehearsal.Audit()
                var driven = 0
                let start = Date()
                for (index, route) in routes.enumerated() {
                    guard let leg = route.legs.first, let origin = leg.coordinates.first,
                        let destination = leg.coordinates.last
                    else { continue }
                    let conditions = NoisyRehearsal.Conditions(
                        cruiseSpeed: kmh / 3.6, sigma: sigma,
                        seed: UInt64(index) &* 7_919 &+ UInt64(sigma * 10) &* 104_729 &+ UInt64(kmh))
                    guard
                        let drive = NoisyRehearsal(
                            from: origin, to: destination, map: map, conditions: conditions,
                            configuration: ConfigureNavigatorParams(language: language))
                    else { continue }
                    driven += 1
                    let audit = drive.audit
                    if showLate, audit.late + audit.premature + audit.repeated + audit.reroutes > 0 {
                        print("σ \(sigma) m, \(kmh) km/h, route \(index): \(audit)")
                        for line in drive.transcript { print("  " + line) }
                    }
                    total = total + audit
                }
                let seconds = Date().timeIntervalSince(start)
                print(
                    String(
                        format: "noise σ %.0f m, %3.0f km/h: %d routes driven, %d maneuvers, announced >= 5 s ahead %d "
                            + "(%.1f %%), late %d, repeated stages %d, premature continue-for %d, reroutes %d, arrivals %d, "
                            + "%.0f ms per route",
                        sigma, kmh, driven, total.maneuvers, total.announcedInTime,
                        100 * Double(total.announcedInTime) / Double(max(1, total.maneuvers)), total.late,
                        total.repeated, total.premature, total.reroutes, total.arrived, 1000 * seconds / Double(max(1, driven))))
                results.append([
                    "sigma": sigma, "kmh": kmh, "routes": driven, "maneuvers": total.maneuvers,
                    "announcedInTime": total.announcedInTime, "late": total.late, "repeated": total.repeated,
                    "premature": total.premature, "reroutes": total.reroutes, "arrivals": total.arrived,
                ])
            }
        }
        return results
    }
}
