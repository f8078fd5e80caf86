import NavCore
import Foundation
import NavMap
import NavRouting

/// In-process routing measurements: map import, router preparation, route latency on the Helsinki
/// sample map, and how query cost grows on synthetic networks.
///
/// Usage: `navbus-bench routing [--map FILE] [--pairs N] [--sizes 10000,100000,1000000] [--seed N]
/// [--network regional|grid] [--gated PERCENT] [--landmarks N] [--synthetic-queries N] [--prepared MAPS]
/// [--traffic-query-rate N]`
enum RoutingBenchmark {
    struct Configuration {
        var map = "maps/helsinki.osm.pbf"
        var pairs = 1_000
        var sizes = [10_000, 100_000, 1_000_000]
        var seed: UInt64 = 42
        var syntheticQueries = 200
        /// Landmarks for the ALT comparison on synthetic networks (0 skips it: 30 s at a million nodes).
        var landmarks = 12
        /// Which synthetic network: the uniform grid city or the region with a road hierarchy.
        var network = SyntheticKind.regional
        /// Percentage of the regional network's pockets that are gated (destination-only) estates.
        var gatedPercent = 0
        /// Prepared maps (`navbus import` output) to measure start-up, traffic updates and queries on.
        var prepared: [String] = []
        /// Queries per second during a traffic update on a prepared map (0: one after the other, flat out).
        var trafficQueryRate = 20

        enum SyntheticKind: String {
            case grid
            case regional
        }

        init(arguments: [String]) throws {
            var iterator = arguments.makeIterator()
            while let flag = iterator.next() {
                guard let value = iterator.next() else { throw UsageError(message: "\(flag) needs a value") }
                switch flag {
                case "--map": map = value
                case "--pairs": pairs = try Self.number(value, flag)
                case "--seed": seed = UInt64(try Self.number(value, flag))
                case "--synthetic-queries": syntheticQueries = try Self.number(value, flag)
                case "--landmarks": landmarks = try Self.number(value, flag)
                case "--prepared": prepared = value.split(separator: ",").map(String.init)
                case "--traffic-query-rate": trafficQueryRate = try Self.number(value, flag)
                case "--network":
                    guard let kind = SyntheticKind(rawValue: value) else {
                        throw UsageError(message: "--network expects grid or regional, got \(value)")
                    }
                    network = kind
                case "--gated": gatedPercent = try Self.number(value, flag)
                case "--sizes": sizes = try value.split(separator: ",").map { try Self.number(String($0), flag) }
                default: throw UsageError(message: "unknown option \(flag)")
                }
            }
        }

        static func number(_ text: String, _ flag: String) throws -> Int {
            guard let value = Int(text), value >= 0 else {
                throw UsageError(message: "\(flag) expects a number, got \(text)")
            }
            return value
        }
    }

    struct UsageError: Error, CustomStringConvertible {
        var message: String
        var description: String {
            "\(message)\nusage: navbus-bench routing [--map FILE] [--pairs N] [--sizes 10000,100000] [--seed N]"
        }
    }

    static func run(arguments: [String]) throws {
        let configuration = try Configuration(arguments: arguments)
        if !configuration.prepared.isEmpty {
            for path in configuration.prepared { try measurePrepared(path: path, configuration: configuration) }
            return
        }
        try measureMap(configuration)
        for size in configuration.sizes {
            try measureSynthetic(size: size, configuration: configuration)
        }
    }

    private static func measureMap(_ configuration: Configuration) throws {
        print("== \(configuration.map)")
        let (graph, importSeconds) = try timed { try MapLoader.load(path: configuration.map) }
        print(
            String(
                format: "import: %.1f ms, %d nodes, %d segments, %d turn restrictions, peak RSS %.1f MB",
                importSeconds * 1000, graph.nodeCount, graph.segmentCount, graph.restrictionCount, peakRSSMegabytes()))
        let (_, drivingPrep) = timed { Router(graph: graph, modes: [.driving]) }
        let (router, allPrep) = timed { Router(graph: graph) }
        print(
            String(
                format: "router preparation: driving %.1f ms, all five modes %.1f ms, peak RSS %.1f MB",
                drivingPrep * 1000, allPrep * 1000, peakRSSMegabytes()))
        let file = NSTemporaryDirectory() + "navbus-bench-\(getpid()).navgraph"
        let (_, writeSeconds) = try timed { try RoadGraphFile.write(graph, to: file) }
        let (_, readSeconds) = try timed { try MapLoader.load(path: file) }
        try? FileManager.default.removeItem(atPath: file)
        print(String(format: ".navgraph: write %.1f ms, load %.1f ms", writeSeconds * 1000, readSeconds * 1000))

        var random = SeededGenerator(seed: configuration.seed)
        let pairs = (0..<configuration.pairs).map { _ in
            (
                graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount))),
                graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount)))
            )
        }
        for algorithm in RoutingAlgorithm.allCases {
            var latencies: [Double] = []
            var found = 0
            for (a, b) in pairs {
                let request = RouteRequest(
                    waypoints: [Waypoint(coordinate: a), Waypoint(coordinate: b)],
                    options: RoutingOptions(algorithm: algorithm))
                let (result, seconds) = timed { router.route(request) }
                latencies.append(seconds)
                if result.status == .ok { found += 1 }
            }
            let label = "route (\(algorithm.rawValue), steps and geometry, \(pairs.count) pairs, \(found) found)"
            print("\(label): \(summary(latencies))")
        }
        var snapTimes: [Double] = []
        for (a, _) in pairs {
            snapTimes.append(timed { router.snap(a, mode: .driving) }.1)
        }
        print("snap: \(summary(snapTimes))")
    }

    private static func measureSynthetic(size: Int, configuration: Configuration) throws {
        let (graph, buildSeconds): (RoadGraph, Double)
        switch configuration.network {
        case .grid:
            let network = SyntheticNetwork(nodeCount: size, seed: configuration.seed)
            print("== synthetic grid \(network.nodeCount) nodes")
            (graph, buildSeconds) = try timed { try network.graph() }
        case .regional:
            let network = RegionalNetwork(
                nodeCount: size, seed: configuration.seed, gatedShare: Double(configuration.gatedPercent) / 100)
            let gated = configuration.gatedPercent
            print("== synthetic regional \(network.gridNodeCount) nodes, \(gated) % of pockets gated")
            (graph, buildSeconds) = try timed { try network.graph() }
        }
        let (hierarchy, hierarchySeconds) = timed { ContractionHierarchy(graph: graph) }
        let shape = hierarchy.shape
        print(
            String(
                format:
                    "hierarchy shape: %.2f edges per arc, elimination tree height %d, search space mean %.0f vertices "
                    + "/ %.0f edges, max %d edges",
                shape.edgesPerVertex, shape.treeHeight, shape.meanSearchVertices, shape.meanSearchEdges,
                shape.maximumSearchEdges))
        let (router, prepSeconds) = timed {
            Router(
                graph: graph, modes: [.driving], landmarkCount: configuration.landmarks,
                hierarchy: .prepared(hierarchy))
        }
        let (_, customizeSeconds) = timed { router.prepare(RoutingOptions()) }
        var traffic = TrafficSpeedFactors()
        var trafficRandom = SeededGenerator(seed: configuration.seed)
        for way in 0..<graph.wayCount { traffic.byWayID[graph.osmID(ofWay: way)] = 0.3 + trafficRandom.nextUnit() }
        let (_, trafficSeconds) = timed { router.prepare(RoutingOptions(traffic: traffic)) }
        // Back to free flow before the latency runs, which have no traffic.
        router.prepare(RoutingOptions())
        print(
            String(
                format:
                    "generate+build: %.2f s, %d segments; hierarchy: %.2f s (%d arcs, %d edges); "
                    + "router preparation: %.2f s; customization %.2f s, city-wide traffic update %.2f s; "
                    + "peak RSS %.0f MB",
                buildSeconds, graph.segmentCount, hierarchySeconds, hierarchy.vertexCount, hierarchy.edgeCount,
                prepSeconds, customizeSeconds, trafficSeconds, peakRSSMegabytes()))
        var random = SeededGenerator(seed: configuration.seed)
        let pairs = (0..<configuration.syntheticQueries).map { _ in
            (
                graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount))),
                graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount)))
            )
        }
        let algorithms: [(RoutingAlgorithm, Int)] = [
            (.automatic, pairs.count), (.landmarks, configuration.landmarks > 0 ? pairs.count : 0),
            (.bidirectionalDijkstra, min(pairs.count, 50)), (.dijkstra, min(pairs.count, 20)),
        ]
        for (algorithm, count) in algorithms where count > 0 {
            var latencies: [Double] = []
            for (a, b) in pairs.prefix(count) {
                let request = RouteRequest(
                    waypoints: [Waypoint(coordinate: a), Waypoint(coordinate: b)],
                    options: RoutingOptions(algorithm: algorithm))
                latencies.append(timed { router.route(request) }.1)
            }
            print("route (\(algorithm.rawValue), \(count) pairs): \(summary(latencies))")
        }
        let counts = router.legSearchCounts
        print("automatic leg searches: \(counts.onHierarchy) on the hierarchy, \(counts.fallbacks) by reference search")
    }

    /// A navigator's start on a prepared map, as `navbus-navigator` does it (``MapPreparation/router(forMapAt:places:preparation:)``:
    /// graph and sidecars read at once, the default mode prepared first, the other modes and landmarks after)
    /// until the first route is answered; then where the time goes, file by file; then a city-wide traffic
    /// update and the query latency under it.
    private static func measurePrepared(path: String, configuration: Configuration) throws {
        print("== prepared \(path)")
        let startCPU = processCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        let (router, loadSeconds) = try timed { try MapPreparation.router(forMapAt: path) }
        let graph = router.graph
        var random = SeededGenerator(seed: configuration.seed)
        let pairs = (0..<max(1, configuration.syntheticQueries)).map { _ in
            (
                graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount))),
                graph.coordinate(ofNode: Int(random.next() % UInt64(graph.nodeCount)))
            )
        }
        func request(_ pair: (Coordinate, Coordinate), _ options: RoutingOptions = RoutingOptions()) -> RouteRequest {
            RouteRequest(waypoints: [Waypoint(coordinate: pair.0), Waypoint(coordinate: pair.1)], options: options)
        }
        let (first, firstSeconds) = timed { router.route(request(pairs[0])) }
        let ready = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // CPU time of every thread so far: on a shared machine the wall time depends on the load, this does not.
        let readyCPU = processCPUSeconds() - startCPU
        print(
            String(
                format: "ready: %.2f s (router returned %.2f s, first route %.3f s, %@, %@), %.2f CPU s on all threads; "
                    + "peak RSS %.0f MB",
                ready, loadSeconds, firstSeconds, first.status.rawValue,
                router.legSearchCounts.onHierarchy > 0 ? "on the hierarchy" : "by the reference search", readyCPU,
                peakRSSMegabytes()))
        // The hierarchy and its saved metric join a large map's router after its start.
        let (_, hierarchySeconds) = timed {
            while router.hierarchy == nil || !router.isCustomized(for: RoutingOptions()) {
                guard !router.isPrepared else { break }
                usleep(10_000)
            }
        }
        print(
            String(
                format: "hierarchy %@ and metric %@ %.2f s after that (%.2f CPU s since the start)",
                router.hierarchy == nil ? "missing" : "in",
                router.isCustomized(for: RoutingOptions()) ? "saved" : "not saved", hierarchySeconds,
                processCPUSeconds() - startCPU))
        let (_, backgroundSeconds) = timed { router.waitUntilPrepared() }
        print(String(format: "other modes and landmarks ready %.2f s after that", backgroundSeconds))

        guard configuration.syntheticQueries > 0 else { return try measureParts(path: path) }
        // Free flow on the saved metric, what a navigator answers most; the slowest routes said in full, to see
        // what makes the tail (long routes: unpacking, steps, geometry; or the search itself).
        var timings: [(seconds: Double, pair: Int, result: RouteResult)] = []
        for (index, pair) in pairs.enumerated() {
            let (result, seconds) = timed { router.route(request(pair)) }
            timings.append((seconds, index, result))
        }
        print("route (automatic, free flow, \(pairs.count) pairs): \(summary(timings.map(\.seconds)))")
        for slow in timings.sorted(by: { $0.seconds > $1.seconds }).prefix(5) {
            let route = slow.result.routes.first
            print(
                String(
                    format: "  slow: pair %d %.2f ms, %@, %d arcs, %d points, %d steps, %.1f km; again %.2f ms", slow.pair,
                    slow.seconds * 1000, slow.result.status.rawValue, route?.legs.reduce(0) { $0 + $1.arcs.count } ?? 0,
                    route?.coordinates.count ?? 0, route?.steps.count ?? 0, (route?.distanceMeters ?? 0) / 1000,
                    timed { router.route(request(pairs[slow.pair])) }.1 * 1000))
        }
        try measureTrafficUpdate(
            router: router, pairs: pairs, queryRate: configuration.trafficQueryRate, random: &random, request: request)
        try measureParts(path: path)
    }

    /// Where a start's time goes, file by file (last: the routers made here prepare for traffic in the
    /// background and would take the cores from the other measurements).
    private static func measureParts(path: String) throws {
        // One part at a time, each with the CPU time it took (wall time on a loaded machine is mostly waiting).
        var parts: [String] = []
        func part<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
            let cpu = processCPUSeconds()
            let (value, seconds) = try timed(body)
            parts.append(String(format: "%@ %.2f s (%.2f CPU s)", name, seconds, processCPUSeconds() - cpu))
            return value
        }
        let loadedGraph = try part("graph") { try MapLoader.load(path: path) }
        let hierarchy = try part("hierarchy") {
            try HierarchyFile.read(path: HierarchyFile.sidecarPath(forGraph: path), for: loadedGraph)
        }
        let saved = part("saved metric") {
            try? HierarchyMetricFile.read(path: HierarchyMetricFile.sidecarPath(forGraph: path), for: hierarchy)
        }
        _ = part("router with the default mode") {
            Router(
                graph: loadedGraph, modes: [MapPreparation.savedMetricMode], landmarkCount: 0,
                hierarchy: saved.map { .preparedWithMetric(hierarchy, $0) } ?? .prepared(hierarchy))
        }
        _ = part("router with five modes") {
            Router(
                graph: loadedGraph, landmarkCount: 0,
                hierarchy: saved.map { .preparedWithMetric(hierarchy, $0) } ?? .prepared(hierarchy))
        }
        print("one at a time: " + parts.joined(separator: ", ") + (saved == nil ? "; no saved metric" : ""))
    }

    /// City-wide traffic updates as the navigator applies them: requests carry the new factors, the first one
    /// starts the customization (in the background on a large map) and the previous metric answers until the
    /// new one lands. Timed from the first request to the moment every later query uses the new factors, then
    /// to the pruned query graph's arrival, with the query latency in each phase. Three updates one after the
    /// other: the first replaces the metric saved with the map (into arrays reserved at start), the second a
    /// customized one, still in use while it runs, and the third writes into the arrays the first one's metric
    /// gave back: the steady state of a navigator fed traffic every few minutes.
    private static func measureTrafficUpdate(
        router: Router, pairs: [(Coordinate, Coordinate)], queryRate: Int, random: inout SeededGenerator,
        request: ((Coordinate, Coordinate), RoutingOptions) -> RouteRequest
    ) throws {
        var options = RoutingOptions()
        for update in ["first", "second", "third"] {
            options = RoutingOptions(traffic: cityWideTraffic(router.graph, &random))
            measureOneUpdate(
                update, router: router, options: options, pairs: pairs, queryRate: queryRate, request: request)
        }
        var latencies: [Double] = []
        for pair in pairs { latencies.append(timed { router.route(request(pair, options)) }.1) }
        print("route (automatic, with traffic, \(pairs.count) pairs): \(summary(latencies))")
    }

    /// A factor between 0.3 and 1.3 on every way of `graph`.
    private static func cityWideTraffic(_ graph: RoadGraph, _ random: inout SeededGenerator) -> TrafficSpeedFactors {
        var traffic = TrafficSpeedFactors()
        for way in 0..<graph.wayCount { traffic.byWayID[graph.osmID(ofWay: way)] = 0.3 + random.nextUnit() }
        return traffic
    }

    private static func measureOneUpdate(
        _ label: String, router: Router, options: RoutingOptions, pairs: [(Coordinate, Coordinate)], queryRate: Int,
        request: ((Coordinate, Coordinate), RoutingOptions) -> RouteRequest
    ) {
        let keptBefore = router.keptCustomizationBytes
        let startCPU = processCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        func since(_ start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        var next = 0
        // One query of the fleet: at `queryRate` a second, or one after the other at 0.
        func query() -> Double {
            let seconds = timed { router.route(request(pairs[next % pairs.count], options)) }.1
            next += 1
            if queryRate > 0 { usleep(UInt32(max(0, 1 / Double(queryRate) - seconds) * 1e6)) }
            return seconds
        }
        var previous: [Double] = []
        repeat { previous.append(query()) } while !router.isCustomized(for: options)
        let applied = since(start)
        let appliedCPU = processCPUSeconds() - startCPU
        var unpruned: [Double] = []
        while !router.hasPrunedQueryGraph(for: options) { unpruned.append(query()) }
        let pruned = since(start)
        print(
            String(
                format: "city-wide traffic update, %@ (%d ways, queries at %@, %.0f MB of kept arrays to write into): "
                    + "every later query on the new factors %.2f s after the first request (%.2f CPU s), pruned query "
                    + "graph %.2f s (%.2f CPU s)",
                label, options.traffic.byWayID.count, queryRate > 0 ? "\(queryRate)/s" : "full speed",
                Double(keptBefore) / 1e6, applied, appliedCPU, pruned, processCPUSeconds() - startCPU))
        print("  \(previous.count) queries meanwhile on the previous metric: \(summary(previous))")
        print("  \(unpruned.count) queries on the new metric before its pruned graph: \(summary(unpruned))")
    }

    private static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    private static func summary(_ seconds: [Double]) -> String {
        guard !seconds.isEmpty else { return "no samples" }
        let sorted = seconds.sorted()
        let median = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        let mean = seconds.reduce(0, +) / Double(seconds.count)
        return String(format: "median %.3f ms, p99 %.3f ms, mean %.3f ms", median * 1000, p99 * 1000, mean * 1000)
    }

    /// User and system time of this process, all threads (ended ones included).
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Peak resident set size of this process (VmHWM from /proc), in megabytes.
    private static func peakRSSMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kilobytes / 1024
        }
        return 0
    }
}
