import NavCore
import Foundation
import NavBus
import NavMap
import NavProtocol
import NavRouting
import Synchronization

/// Fleet load on one `navbus-navigator` process, through the real `navbus-proxy`.
///
/// What is measured: the bench starts a proxy and a navigator (the executables beside `navbus-bench`,
/// sessions in memory only unless `--state-dir` is given) on private ipc endpoints, gives every vehicle a guided
/// trip on the Helsinki map (first fix, `setDestinations`, `startUpdatingLocation`,
/// `setGuidanceActive`), then
///
/// - throughput: publishes 1 Hz fixes of every vehicle as fast as the navigator keeps up (at most
///   `--window` fixes in flight) and counts the `nav.location.v1` messages that come back. Every fix
///   makes the navigator emit all its events (location, remaining time and distance, nav info,
///   speeding, lighting, delay) to the proxy; the bench subscribes to the locations only, one per fix.
/// - latency: 1,000 vehicles at 1 Hz, each second's fixes spread evenly over the second, measuring
///   from the moment a fix is published to the moment its `nav.location.v1` reaches the subscriber.
///
/// Usage: `navbus-bench fleet [--map FILE] [--vehicles 1000,10000] [--fixes N] [--latency-vehicles N]
/// [--latency-seconds N] [--window N] [--bin DIR] [--state-dir DIR] [--security plain,curve] [--runs R]`; with
/// `--state-dir` the navigator saves its sessions there, which shows what durability costs. Both phases run on a
/// plain bus and with CURVE (every process keyed, the proxy authorizing every message) in the same run; with
/// `--runs` the throughput phase alternates the two modes R times and compares medians, because on a shared
/// machine one run of each says more about the neighbours than about CURVE.
enum FleetBenchmark {
    struct Configuration {
        var map = "maps/helsinki.osm.pbf"
        var fleets = [1_000, 10_000]
        var fixesPerFleet = 200_000
        var latencyVehicles = 1_000
        var latencySeconds = 20
        var window = 4_000
        /// Sessions are saved here when set, to measure what durability costs.
        var stateDirectory: String?
        /// Plain, CURVE, or both in turn.
        var securityModes = [false, true]
        /// Throughput runs of each mode, alternating; the ratio is of the medians.
        var runs = 1
        var binDirectory = Bundle.main.executableURL?.deletingLastPathComponent().path ?? ".build/release"

        init(arguments: [String]) throws {
            var iterator = arguments.makeIterator()
            while let flag = iterator.next() {
                guard let value = iterator.next() else { throw BenchError("\(flag) needs a value") }
                switch flag {
                case "--map": map = value
                case "--bin": binDirectory = value
                case "--vehicles": fleets = try value.split(separator: ",").map { try Self.number(String($0), flag) }
                case "--fixes": fixesPerFleet = try Self.number(value, flag)
                case "--latency-vehicles": latencyVehicles = try Self.number(value, flag)
                case "--latency-seconds": latencySeconds = try Self.number(value, flag)
                case "--window": window = try Self.number(value, flag)
                case "--state-dir": stateDirectory = value
                case "--security": securityModes = try BenchKeys.modes(value)
                case "--runs": runs = try Self.number(value, flag)
                default: throw BenchError("unknown option \(flag)")
                }
            }
        }

        static func number(_ text: String, _ flag: String) throws -> Int {
            guard let value = Int(text), value > 0 else {
                throw BenchError("\(flag) expects a positive number, got \(text)")
            }
            return value
        }
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// One trip every vehicle of a slot drives: positions one second apart at city speed.
    struct Trip {
        var destination: Coordinate
        var points: [(coordinate: Coordinate, course: Double)]
    }

    static func run(arguments: [String]) throws {
        let configuration = try Configuration(arguments: arguments)
        print("== fleet: one navbus-navigator through navbus-proxy, \(configuration.map)")
        let trips = try makeTrips(configuration)
        let lengths = trips.map(\.points.count)
        print("\(trips.count) distinct trips of \(lengths.min() ?? 0)...\(lengths.max() ?? 0) fixes")
        let keys = configuration.securityModes.contains(true) ? try BenchKeys() : nil
        defer { keys?.remove() }
        // Fixes per second by mode, fleet size and run.
        var rates: [Bool: [Int: [Double]]] = [:]
        for run in 1...configuration.runs {
            for secure in configuration.securityModes {
                let runLabel = configuration.runs > 1 ? ", run \(run) of \(configuration.runs)" : ""
                print("-- \(BenchKeys.name(secure: secure)) bus\(runLabel)")
                for vehicles in configuration.fleets {
                    let stack = try Stack(configuration, keys: secure ? keys : nil)
                    defer { stack.stop() }
                    rates[secure, default: [:]][vehicles, default: []].append(
                        try throughput(vehicles: vehicles, trips: trips, stack: stack, configuration: configuration))
                }
            }
        }
        for secure in configuration.securityModes {
            print("-- \(BenchKeys.name(secure: secure)) bus, latency")
            let stack = try Stack(configuration, keys: secure ? keys : nil)
            defer { stack.stop() }
            try latency(vehicles: configuration.latencyVehicles, trips: trips, stack: stack, configuration: configuration)
        }
        if let plain = rates[false], let curve = rates[true] {
            for vehicles in configuration.fleets {
                let plainRate = median(plain[vehicles] ?? [])
                let curveRate = median(curve[vehicles] ?? [])
                print(
                    String(
                        format: "CURVE / plain, %d vehicles: %.1f %% of the fixes per second (goal >= 80 %%); "
                            + "median of %d runs: plain %.0f, CURVE %.0f fixes/s",
                        vehicles, curveRate / plainRate * 100, configuration.runs, plainRate, curveRate))
            }
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    // MARK: Trips

    private static func makeTrips(_ configuration: Configuration) throws -> [Trip] {
        let router = Router(graph: try MapLoader.load(path: configuration.map), modes: [.driving])
        var random = SeededGenerator(seed: 7)
        var trips: [Trip] = []
        while trips.count < 200 {
            let origin = router.graph.coordinate(ofNode: random.index(below: router.graph.nodeCount))
            let destination = router.graph.coordinate(ofNode: random.index(below: router.graph.nodeCount))
            let result = router.route(
                RouteRequest(waypoints: [Waypoint(coordinate: origin), Waypoint(coordinate: destination)]))
            guard result.status == .ok, let leg = result.routes.first?.legs.first, leg.distanceMeters >= 1_800 else {
                continue
            }
            trips.append(Trip(destination: destination, points: resample(leg.coordinates, step: 10)))
        }
        return trips
    }

    /// Positions every `step` metres (one second apart at 10 m/s), with the direction of travel.
    private static func resample(_ line: [Coordinate], step: Double) -> [(
        coordinate: Coordinate, course: Double
    )] {
        var points: [(coordinate: Coordinate, course: Double)] = []
        var carried = 0.0
        for (a, b) in zip(line, line.dropFirst()) {
            let length = a.distance(to: b)
            guard length > 0.5 else { continue }
            let course = a.bearing(to: b)
            var along = carried
            while along < length {
                points.append((a.interpolated(to: b, fraction: along / length), course))
                along += step
            }
            carried = along - length
        }
        return points
    }

    // MARK: Phases

    /// - Returns: fixes per second.
    private static func throughput(vehicles: Int, trips: [Trip], stack: Stack, configuration: Configuration) throws
        -> Double
    {
        let setup = try stack.startTrips(vehicles: vehicles, trips: trips)
        let shortest = trips.map(\.points.count).min() ?? 2
        let rounds = max(1, min(shortest - 2, configuration.fixesPerFleet / vehicles))
        let total = rounds * vehicles
        let receiver = LocationReceiver(context: stack.context, endpoint: stack.subscriberEndpoint, expected: total)
        receiver.start()
        Thread.sleep(forTimeInterval: 0.5)
        let started = MonotonicClock.seconds()
        let cpuBefore = stack.processCPU()
        var sent = 0
        for round in 1...rounds {
            for vehicle in 0..<vehicles {
                while sent - receiver.count > configuration.window { usleep(20) }
                let trip = trips[vehicle % trips.count]
                try stack.publishFix(vehicle: vehicle, point: trip.points[round], time: stack.startTime + Double(round))
                sent += 1
            }
        }
        let finished = receiver.wait(timeout: 120)
        let seconds = (receiver.lastArrival ?? MonotonicClock.seconds()) - started
        let used = stack.processCPU()
        let navigatorCPU = used.navigator - cpuBefore.navigator
        let cpu = navigatorCPU.total
        let counters = stack.navigatorCounters()
        print(
            String(
                format:
                    "fleet %d vehicles: setup %.1f s (%d routes planned); %d fixes (%d rounds) in %.2f s = %.0f fixes/s"
                    + " with every event emitted%@",
                vehicles, setup, vehicles, receiver.count, rounds, seconds, Double(receiver.count) / seconds,
                finished ? "" : " (INCOMPLETE: \(total - receiver.count) locations missing)"))
        print(
            String(
                format: "  navigator CPU: %.2f s for %d fixes = %.1f µs per fix, %.0f fixes per CPU-second"
                    + " (the rate one free core would sustain)",
                cpu, receiver.count, cpu / Double(max(1, receiver.count)) * 1e6, Double(receiver.count) / max(cpu, 1e-9)
            ))
        let fixes = max(1, receiver.count)
        print(
            "  CPU per fix in µs (app = the process's own threads, io = libzmq's I/O thread): navigator "
                + navigatorCPU.perMessage(fixes) + ", proxy " + (used.proxy - cpuBefore.proxy).perMessage(fixes)
                + ", bench " + (used.bench - cpuBefore.bench).perMessage(fixes))
        // What was sent against what was processed: a benchmark must not count fixes that were lost.
        let processed = counters?["fixesProcessed"].map(String.init) ?? "unknown"
        let gaps = counters?["sequenceGaps"] ?? 0
        print(
            "  fixes sent \(sent), processed by the navigator \(processed) (it counted \(gaps) lost), "
                + "locations received \(receiver.count)")
        if let counters {
            let shown = ["fixesProcessed", "sent", "dropped", "sessions", "reroutes", "malformedFixes", "sequenceGaps"]
            let listed = shown.compactMap { name in counters[name].map { "\(name) \($0)" } }
            print("  navigator counters: " + listed.joined(separator: ", "))
        }
        return Double(receiver.count) / seconds
    }

    private static func latency(vehicles: Int, trips: [Trip], stack: Stack, configuration: Configuration) throws {
        _ = try stack.startTrips(vehicles: vehicles, trips: trips)
        let seconds = min(configuration.latencySeconds, (trips.map(\.points.count).min() ?? 2) - 2)
        let receiver = LocationReceiver(
            context: stack.context, endpoint: stack.subscriberEndpoint, expected: seconds * vehicles,
            latency: (vehicles: vehicles, startTime: stack.startTime))
        receiver.start()
        Thread.sleep(forTimeInterval: 0.5)
        let begin = MonotonicClock.seconds() + 0.1
        for second in 1...seconds {
            for vehicle in 0..<vehicles {
                let due = begin + Double(second - 1) + Double(vehicle) / Double(vehicles)
                while MonotonicClock.seconds() < due {
                    let left = due - MonotonicClock.seconds()
                    if left > 0.0003 { usleep(UInt32(left * 1e6 * 0.5)) }
                }
                let trip = trips[vehicle % trips.count]
                receiver.recordSend(second: second, vehicle: vehicle, at: MonotonicClock.seconds())
                try stack.publishFix(
                    vehicle: vehicle, point: trip.points[second], time: stack.startTime + Double(second))
            }
        }
        _ = receiver.wait(timeout: 10)
        var latencies = receiver.latencies().sorted()
        guard !latencies.isEmpty else {
            print("latency: no location came back")
            return
        }
        latencies = latencies.map { $0 * 1000 }
        func percentile(_ p: Double) -> Double { latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
        print(
            String(
                format:
                    "latency %d vehicles × 1 Hz for %d s: %d of %d locations, "
                    + "fix published → nav.location.v1 received: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms",
                vehicles, seconds, latencies.count, seconds * vehicles, percentile(0.5), percentile(0.9),
                percentile(0.99),
                latencies[latencies.count - 1]))
    }
}

/// A proxy and a navigator on private ipc endpoints, a fix publisher and a control client.
private final class Stack {
    let context: ZMQContext
    let subscriberEndpoint: String
    let publisher: Publisher
    let control: RPCClient
    let startTime = Timestamp.now().secondsSince1970.rounded(.down)
    private let processes: [Process]
    private let directory: String
    private let counters = BusCounters()
    private let heartbeats: Subscriber

    init(_ configuration: FleetBenchmark.Configuration, keys: BenchKeys?) throws {
        directory = NSTemporaryDirectory() + "navbus-fleet-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let base = "ipc://\(directory)/bus"
        subscriberEndpoint = base + "-sub"
        var environment = ProcessInfo.processInfo.environment
        environment["NAVBUS_PUB_ENDPOINT"] = base + "-pub"
        environment["NAVBUS_SUB_ENDPOINT"] = subscriberEndpoint
        environment["NAVBUS_NAVIGATOR_ENDPOINT"] = base + "-nav"
        environment["NAVBUS_LOG_LEVEL"] = "error"
        context = ZMQContext(security: try keys?.benchSecurity(navigatorEndpoint: base + "-nav") ?? .plain)
        func launch(_ name: String, _ arguments: [String]) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: configuration.binDirectory + "/" + name)
            guard FileManager.default.isExecutableFile(atPath: process.executableURL!.path) else {
                throw FleetBenchmark.BenchError(
                    "\(process.executableURL!.path) is missing; build first (swift build -c release)")
            }
            process.arguments = arguments
            process.environment = environment
            try process.run()
            return process
        }
        processes = [
            try launch(
                "navbus-proxy",
                ["--cache-capacity", "1000000"] + (keys?.proxyArguments(vehicleSubscriberEndpoint: base + "-vsub") ?? [])),
            try launch(
                "navbus-navigator",
                ["--map", configuration.map] + (keys?.navigatorArguments ?? [])
                    + (configuration.stateDirectory.map {
                        ["--state-dir", "\($0)/fleet-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"]
                    } ?? [])),
        ]
        publisher = try Publisher(
            context: context, endpoint: base + "-pub", identity: SourceIdentity(role: "bench"), counters: counters,
            highWaterMark: 1_000_000)
        heartbeats = try Subscriber(
            context: context, endpoint: subscriberEndpoint, prefixes: ["sys.heartbeat."], counters: counters)
        control = RPCClient(context: context, endpoint: base + "-nav", timeoutMilliseconds: 5_000, retries: 6)
        guard publisher.waitUntilConnected(timeoutMilliseconds: 10_000) else {
            throw FleetBenchmark.BenchError("the proxy did not come up")
        }
        _ = try control.call(Method.getState.rawValue, params: VehicleParams(), result: NavigatorState.self)
    }

    func vehicleID(_ index: Int) -> String { "fleet-\(index)" }

    /// CPU the navigator, the proxy and this process (publisher and receiver of the bench) have used so far.
    func processCPU() -> (navigator: ProcessCPU, proxy: ProcessCPU, bench: ProcessCPU) {
        (
            ProcessCPU.sample(pid: processes[1].processIdentifier), ProcessCPU.sample(pid: processes[0].processIdentifier),
            ProcessCPU.sample(pid: getpid())
        )
    }

    func publishFix(vehicle: Int, point: (coordinate: Coordinate, course: Double), time: Double) throws {
        let fix = GPSFix(
            latitude: point.coordinate.latitude, longitude: point.coordinate.longitude, course: point.course, speed: 10,
            horizontalAccuracy: 5, timestamp: Timestamp(secondsSince1970: time), source: "bench")
        while try !publisher.publish(.gpsFix, subject: vehicleID(vehicle), payload: fix) { usleep(100) }
    }

    /// Gives every vehicle its first fix and a guided trip; returns the seconds it took.
    func startTrips(vehicles: Int, trips: [FleetBenchmark.Trip]) throws -> Double {
        let started = MonotonicClock.seconds()
        for vehicle in 0..<vehicles {
            try publishFix(vehicle: vehicle, point: trips[vehicle % trips.count].points[0], time: startTime)
        }
        for vehicle in 0..<vehicles {
            let trip = trips[vehicle % trips.count]
            let params = SetDestinationsParams(
                vehicle: vehicleID(vehicle),
                waypoints: [
                    Waypoint(
                        title: "D\(vehicle)", latitude: trip.destination.latitude, longitude: trip.destination.longitude
                    )
                ])
            var status = RouteStatus.locationUnavailable
            while status == .locationUnavailable {
                status = try control.call(
                    Method.setDestinations.rawValue, params: params, result: RouteStatusResult.self
                ).routeStatus
                if status == .locationUnavailable { usleep(1_000) }
            }
            guard status == .ok else {
                throw FleetBenchmark.BenchError("setDestinations for vehicle \(vehicle): \(status.rawValue)")
            }
            let scoped = VehicleParams(vehicle: vehicleID(vehicle))
            _ = try control.call(
                Method.startUpdatingLocation.rawValue, params: scoped, result: LocationUpdatesResult.self)
            _ = try control.call(
                Method.setGuidanceActive.rawValue,
                params: SetGuidanceActiveParams(vehicle: vehicleID(vehicle), active: true),
                result: GuidanceActiveResult.self)
        }
        return MonotonicClock.seconds() - started
    }

    /// The navigator's latest heartbeat counters, waiting up to two seconds for one.
    func navigatorCounters() -> [String: UInt64]? {
        var latest: [String: UInt64]?
        let deadline = MonotonicClock.seconds() + 2
        while MonotonicClock.seconds() < deadline {
            while let message = try? heartbeats.receive(dontWait: true) {
                if let heartbeat = try? message.decode(Heartbeat.self), heartbeat.process == "navbus-navigator" {
                    latest = heartbeat.counters
                }
            }
            if latest != nil { return latest }
            usleep(50_000)
        }
        return latest
    }

    func stop() {
        for process in processes.reversed() where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Counts `nav.location.v1` messages on a thread of its own and, for the latency phase, notes when
/// each vehicle's fix of each second came back. The receiving thread keeps its arrival times to itself and
/// hands them over when it ends; ``wait(timeout:)`` joins it before anything is read.
private final class LocationReceiver: Sendable {
    private let context: ZMQContext
    private let endpoint: String
    private let expected: Int
    private let latency: (vehicles: Int, startTime: Double)?
    private let slots: Int
    private let received = Atomic<Int>(0)
    private let done = Atomic<Bool>(false)
    /// Signalled once every expected location arrived.
    private let complete = DispatchSemaphore(value: 0)
    /// Signalled when the receiving thread ended.
    private let finished = DispatchSemaphore(value: 0)
    private let arrivals = Mutex<(times: [Double], last: Double?)>(([], nil))
    private let sendTimes: Mutex<[Double]>

    init(context: ZMQContext, endpoint: String, expected: Int, latency: (vehicles: Int, startTime: Double)? = nil) {
        self.context = context
        self.endpoint = endpoint
        self.expected = expected
        self.latency = latency
        slots = latency.map { expected + $0.vehicles + 1 } ?? 0
        sendTimes = Mutex(Array(repeating: .nan, count: slots))
    }

    var count: Int { received.load(ordering: .relaxed) }

    /// When the last location arrived; read after ``wait(timeout:)``.
    var lastArrival: Double? { arrivals.withLock { $0.last } }

    func start() {
        let thread = Thread { [self] in receive() }
        thread.start()
    }

    func recordSend(second: Int, vehicle: Int, at time: Double) {
        guard let latency else { return }
        let index = (second - 1) * latency.vehicles + vehicle
        sendTimes.withLock { times in
            if times.indices.contains(index) { times[index] = time }
        }
    }

    /// Waits until every expected location arrived, at most `timeout` seconds, then stops the receiving
    /// thread and waits for it to end. Locations still on their way count as lost.
    func wait(timeout: Double) -> Bool {
        let arrived = complete.wait(timeout: .now() + timeout) == .success
        done.store(true, ordering: .releasing)
        finished.wait()
        return arrived || count >= expected
    }

    func latencies() -> [Double] {
        let arrivalTimes = arrivals.withLock { $0.times }
        return zip(sendTimes.withLock { $0 }, arrivalTimes).compactMap { sent, arrived in
            sent.isNaN || arrived.isNaN ? nil : arrived - sent
        }
    }

    private func receive() {
        var arrivalTimes = Array(repeating: Double.nan, count: slots)
        var last: Double?
        defer {
            arrivals.withLock { [arrivalTimes, last] in $0 = (arrivalTimes, last) }
            finished.signal()
        }
        guard
            let subscriber = try? Subscriber(
                context: context, endpoint: endpoint, prefixes: [Topic.navLocation.rawValue], counters: BusCounters())
        else { return }
        defer { subscriber.socket.close() }
        var poller = ZMQPoller()
        poller.addInput(subscriber.socket)
        while !done.load(ordering: .acquiring) {
            guard let ready = try? poller.poll(timeoutMilliseconds: 50), ready[0] else { continue }
            while let message = try? subscriber.receive(dontWait: true) {
                let now = MonotonicClock.seconds()
                if let latency, let index = slot(of: message, latency) { arrivalTimes[index] = now }
                last = now
                if received.add(1, ordering: .relaxed).newValue == expected { complete.signal() }
            }
        }
    }

    private func slot(of message: BusMessage, _ latency: (vehicles: Int, startTime: Double)) -> Int? {
        guard let vehicle = Int(message.header.subject.dropFirst("fleet-".count)),
            let text = message.data["timestamp"]?.stringValue, let time = Timestamp(rfc3339: text)
        else { return nil }
        let second = Int((time.secondsSince1970 - latency.startTime).rounded())
        let index = (second - 1) * latency.vehicles + vehicle
        return second >= 1 && index < slots ? index : nil
    }
}
