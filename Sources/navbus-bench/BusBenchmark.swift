import NavCore
import Foundation
import NavBus
import NavProtocol

/// Throughput and latency of publisher process → navbus-proxy → subscriber process, with the full envelope
/// encoded and decoded, side by side with raw libzmq two-frame messages of the same size on the same path; and
/// both on a plain bus and with CURVE (keys, ZAP and the proxy's per-message authorization) in the same run.
enum BusBenchmark {
    /// A payload shaped like `nav.location.v1`, plus the publisher's monotonic send time for latency.
    struct Payload: Codable {
        var latitude: Double
        var longitude: Double
        var altitude: Double
        var course: Double
        var speed: Double
        var timestamp: Timestamp
        var onRoute: Bool
        var roadName: String
        var speedLimit: Double
        var sentNanoseconds: UInt64
    }

    static func payload(_ index: Int) -> Payload {
        Payload(
            latitude: 60.169_857 + Double(index % 1000) * 1e-6, longitude: 24.938_379, altitude: 12.5, course: 87.5,
            speed: 13.89, timestamp: Timestamp(secondsSince1970: 1_795_968_312.25 + Double(index)), onRoute: true,
            roadName: "Mannerheimintie", speedLimit: 13.89, sentNanoseconds: MonotonicClock.nanoseconds())
    }

    static let topic = Topic.navLocation

    // MARK: Parent

    static func run(arguments: [String]) throws {
        var messages = 300_000
        var runs = 3
        var modes = [false, true]
        var index = 0
        while index + 1 < arguments.count {
            switch arguments[index] {
            case "--messages": messages = Int(arguments[index + 1]) ?? messages
            case "--runs": runs = Int(arguments[index + 1]) ?? runs
            case "--security": modes = try BenchKeys.modes(arguments[index + 1])
            default: throw BenchError("unknown argument \(arguments[index]); use --messages N --runs R --security plain,curve")
            }
            index += 2
        }
        guard index == arguments.count else { throw BenchError("\(arguments[index]) needs a value") }
        let keys = modes.contains(true) ? try BenchKeys() : nil
        defer { keys?.remove() }
        let sample = try EnvelopeCodec().encode(header: header(sequence: 1), payload: payload(0))
        print("bus benchmark: \(messages) messages per run, \(runs) runs, envelope \(sample.count) bytes, libzmq \(ZMQContext.libraryVersion)")
        print("path: publisher process -> navbus-proxy (tcp 127.0.0.1) -> subscriber process; plain and CURVE alternate\n")
        var rawRates: [Bool: [Double]] = [:]
        var envelopeRates: [Bool: [Double]] = [:]
        var measured: [String: [Throughput]] = [:]
        for run in 1...runs {
            for secure in modes {
                let security = secure ? keys : nil
                let raw = try throughput(mode: "raw", messages: messages, sample: sample, keys: security)
                let full = try throughput(mode: "envelope", messages: messages, sample: sample, keys: security)
                rawRates[secure, default: []].append(raw.rate)
                envelopeRates[secure, default: []].append(full.rate)
                measured["raw \(BenchKeys.name(secure: secure))", default: []].append(raw)
                measured["envelope \(BenchKeys.name(secure: secure))", default: []].append(full)
                print(
                    "run \(run) \(BenchKeys.name(secure: secure)): raw \(Int(raw.rate)) msg/s (\(raw.received)/\(messages) delivered), envelope \(Int(full.rate)) msg/s (\(full.received)/\(messages) delivered)"
                )
            }
        }
        print("")
        for secure in modes {
            let rawMedian = median(rawRates[secure] ?? [])
            let envelopeMedian = median(envelopeRates[secure] ?? [])
            print(
                "\(BenchKeys.name(secure: secure)) throughput median: raw libzmq \(Int(rawMedian)) msg/s, navbus envelope \(Int(envelopeMedian)) msg/s"
                    + String(format: " (envelope / raw %.1f %%, goal >= 25 %%)", envelopeMedian / rawMedian * 100))
        }
        if modes.count == 2 {
            let envelope = median(envelopeRates[true] ?? []) / median(envelopeRates[false] ?? [])
            let raw = median(rawRates[true] ?? []) / median(rawRates[false] ?? [])
            print(String(format: "CURVE / plain: navbus envelope %.1f %% (goal >= 80 %%), raw frames %.1f %%", envelope * 100, raw * 100))
        }
        print("\nCPU per message in microseconds (median of the runs; app = the process's own threads, io = libzmq's I/O thread):")
        for kind in ["raw", "envelope"] {
            for secure in modes {
                let name = "\(kind) \(BenchKeys.name(secure: secure))"
                print("  \(name): " + cpuSummary(measured[name] ?? [], messages: messages))
            }
        }
        if modes.count == 2 {
            try printCurveBound(sample: sample, plain: measured["envelope plain"] ?? [], messages: messages)
        }
        for secure in modes {
            let latency = try measureLatency(rate: 1000, seconds: 5, keys: secure ? keys : nil)
            print(
                String(
                    format: "%@ latency at 1,000 msg/s (%d samples): p50 %.3f ms, p99 %.3f ms, max %.3f ms (goal p99 < 1 ms)",
                    BenchKeys.name(secure: secure), latency.count, latency.p50, latency.p99, latency.max))
        }
    }

    /// libzmq's CURVE measured alone, and what it means for a machine whose cores all three processes share:
    /// there throughput follows the CPU a message costs in total, so plain's CPU per message over plain's plus
    /// the two hops' encryption is the best ratio any proxy code could reach.
    static func printCurveBound(sample: [UInt8], plain: [Throughput], messages: Int) throws {
        let hop = try CurveCost.measure(topic: Array(topic.rawValue.utf8), envelope: sample, messages: messages)
        let plainCPU = median(plain.map { $0.publisher.total + $0.proxy.total + $0.subscriber.total }) / Double(messages) * 1e6
        print(
            String(
                format: "libzmq CURVE alone (PUSH -> PULL over tcp in one process, topic + %d-byte envelope): "
                    + "I/O thread %.2f us plain, %.2f us CURVE per message and hop (+%.2f us)",
                sample.count, hop.plain, hop.curve, hop.extra))
        print(
            String(
                format: "CPU-bound bound: plain envelope %.1f us of CPU per message; + 2 hops x %.2f us = %.1f us "
                    + "-> CURVE / plain at most %.1f %% where the processes share the cores",
                plainCPU, hop.extra, plainCPU + 2 * hop.extra, plainCPU / (plainCPU + 2 * hop.extra) * 100))
    }

    /// Per process and in total, the median over runs of each figure.
    static func cpuSummary(_ runs: [Throughput], messages: Int) -> String {
        func medianCPU(_ pick: (Throughput) -> ProcessCPU) -> ProcessCPU {
            ProcessCPU(application: median(runs.map { pick($0).application }), io: median(runs.map { pick($0).io }))
        }
        let publisher = medianCPU(\.publisher)
        let proxy = medianCPU(\.proxy)
        let subscriber = medianCPU(\.subscriber)
        let total = ProcessCPU(
            application: publisher.application + proxy.application + subscriber.application,
            io: publisher.io + proxy.io + subscriber.io)
        return "publisher \(publisher.perMessage(messages)), proxy \(proxy.perMessage(messages)), "
            + "subscriber \(subscriber.perMessage(messages)); all three \(total.perMessage(messages))"
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    static func header(sequence: UInt64) -> EnvelopeHeader {
        EnvelopeHeader(
            id: "bench-\(sequence)", source: "navbus://bench/1", type: topic.eventType, time: .now(), subject: "car-1",
            dataschema: topic.dataSchema, sequence: sequence)
    }

    struct Throughput {
        var rate: Double
        var received: Int
        /// CPU each process used for the run.
        var publisher = ProcessCPU()
        var proxy = ProcessCPU()
        var subscriber = ProcessCPU()
    }

    /// - Parameter sample: in raw mode, the bytes sent as every envelope (a valid one, so a CURVE proxy's
    ///   authorization forwards it like any other).
    static func throughput(mode: String, messages: Int, sample: [UInt8], keys: BenchKeys?) throws -> Throughput {
        let (proxy, pub, sub) = try startProxy(keys: keys)
        defer { stopProcess(proxy) }
        let keyDirectory = keys?.directory ?? "-"
        let subscriber = try child(["bus-sub", mode, sub, String(messages), keyDirectory])
        _ = subscriber.output.readLine()  // "ready"
        let proxyBefore = ProcessCPU.sample(pid: proxy.processIdentifier)
        let publisher = try child(
            ["bus-pub", mode, pub, String(messages), String(decoding: sample, as: UTF8.self), keyDirectory])
        let result = subscriber.output.readLine() ?? ""
        let proxyCPU = ProcessCPU.sample(pid: proxy.processIdentifier) - proxyBefore
        publisher.process.waitUntilExit()
        subscriber.process.waitUntilExit()
        let fields = result.split(separator: " ").compactMap { Double($0) }
        let publisherFields = (publisher.output.readLine() ?? "").split(separator: " ").compactMap { Double($0) }
        guard fields.count == 4, fields[1] > 0, let subscriberCPU = ProcessCPU(fields: fields[2...]),
            let publisherCPU = ProcessCPU(fields: publisherFields[...])
        else { throw BenchError("subscriber reported '\(result)'") }
        return Throughput(
            rate: fields[0] / fields[1], received: Int(fields[0]), publisher: publisherCPU, proxy: proxyCPU,
            subscriber: subscriberCPU)
    }

    struct Latency {
        var count: Int
        var p50: Double
        var p99: Double
        var max: Double
    }

    static func measureLatency(rate: Int, seconds: Int, keys: BenchKeys?) throws -> Latency {
        let (proxy, pub, sub) = try startProxy(keys: keys)
        defer { stopProcess(proxy) }
        let count = rate * seconds
        let keyDirectory = keys?.directory ?? "-"
        let subscriber = try child(["bus-sub", "latency", sub, String(count), keyDirectory])
        _ = subscriber.output.readLine()
        let publisher = try child(["bus-pub", "latency", pub, String(count), String(rate), keyDirectory])
        publisher.process.waitUntilExit()
        let result = subscriber.output.readLine() ?? ""
        subscriber.process.waitUntilExit()
        let fields = result.split(separator: " ").compactMap { Double($0) }
        guard fields.count == 4 else { throw BenchError("subscriber reported '\(result)'") }
        return Latency(count: Int(fields[0]), p50: fields[1], p99: fields[2], max: fields[3])
    }

    // MARK: Processes

    final class Child {
        let process: Process
        let output: LineReader
        init(process: Process, output: LineReader) {
            self.process = process
            self.output = output
        }
    }

    static func child(_ arguments: [String]) throws -> Child {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        return Child(process: process, output: LineReader(handle: pipe.fileHandleForReading))
    }

    /// A proxy on random loopback ports, tried again on other ports when one is taken (the machine is shared).
    static func startProxy(keys: BenchKeys?) throws -> (Process, String, String) {
        for _ in 0..<5 {
            let started = try startProxy(keys: keys, base: Int.random(in: 20_000..<40_000))
            if started.0.isRunning { return started }
        }
        throw BenchError("navbus-proxy did not start on five sets of random ports")
    }

    private static func startProxy(keys: BenchKeys?, base: Int) throws -> (Process, String, String) {
        let pub = "tcp://127.0.0.1:\(base)"
        let sub = "tcp://127.0.0.1:\(base + 1)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("navbus-proxy")
        process.arguments =
            ["--pub", pub, "--sub", sub, "--log-level", "error"]
            + (keys?.proxyArguments(vehicleSubscriberEndpoint: "tcp://127.0.0.1:\(base + 2)") ?? [])
        try process.run()
        Thread.sleep(forTimeInterval: 0.3)
        return (process, pub, sub)
    }

    static func stopProcess(_ process: Process) {
        process.interrupt()
        process.waitUntilExit()
    }

    // MARK: Children

    /// The child's context: plain for `-`, else CURVE with the bench key from that directory.
    static func childContext(keyDirectory: String) throws -> ZMQContext {
        guard keyDirectory != "-" else { return ZMQContext(security: .plain) }
        return ZMQContext(security: try BenchKeys(existing: keyDirectory).benchSecurity())
    }

    static func publishChild(_ arguments: [String]) throws {
        let mode = arguments[0]
        let endpoint = arguments[1]
        let count = Int(arguments[2])!
        let context = try childContext(keyDirectory: arguments[4])
        let counters = BusCounters()
        let publisher = try Publisher(
            context: context, endpoint: endpoint, identity: SourceIdentity(role: "bench"), counters: counters,
            highWaterMark: 10_000)
        guard publisher.waitUntilConnected(timeoutMilliseconds: 5000) else { throw BenchError("proxy not reachable") }
        Thread.sleep(forTimeInterval: 0.3)
        switch mode {
        case "raw":
            let topicFrame = Array(topic.rawValue.utf8)
            let body = Array(arguments[3].utf8)
            for _ in 0..<count {
                while try !publisher.publishFrames([topicFrame, body]) { usleep(50) }
            }
        case "envelope":
            for index in 0..<count {
                let value = payload(index)
                while try !publisher.publish(topic, subject: "car-1", payload: value) { usleep(50) }
            }
        default:  // latency: paced at the given rate
            let rate = Double(arguments[3])!
            let start = MonotonicClock.seconds()
            for index in 0..<count {
                let due = start + Double(index) / rate
                let wait = due - MonotonicClock.seconds()
                if wait > 0 { usleep(UInt32(wait * 1e6)) }
                try publisher.publish(topic, subject: "car-1", payload: payload(index))
            }
        }
        // What this process used for the messages, before the pause that lets the last ones leave.
        let cpu = ProcessCPU.sample(pid: getpid())
        Thread.sleep(forTimeInterval: 0.5)
        print(cpu.fields)
        fflush(nil)
    }

    static func subscribeChild(_ arguments: [String]) throws {
        let mode = arguments[0]
        let endpoint = arguments[1]
        let count = Int(arguments[2])!
        let context = try childContext(keyDirectory: arguments[3])
        let socket = try context.socket(.sub)
        try socket.setReceiveHighWaterMark(0)
        try socket.subscribe(topic.rawValue)
        try context.security.secureClient(socket, endpoint: endpoint)
        try socket.connect(endpoint)
        Thread.sleep(forTimeInterval: 0.3)
        print("ready")
        fflush(nil)
        let codec = EnvelopeCodec()
        try socket.setReceiveTimeout(milliseconds: 3000)
        var received = 0
        var first: UInt64 = 0
        var last: UInt64 = 0
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        while received < count, let frames = try socket.receiveFrames() {
            let now = MonotonicClock.nanoseconds()
            if received == 0 { first = now }
            last = now
            received += 1
            switch mode {
            case "raw":
                guard frames.count == 2, frames[0].count == topic.rawValue.utf8.count else {
                    throw BenchError("bad frames")
                }
            default:
                let message = try codec.decode(frames: frames)
                let value = try message.decode(Payload.self)
                if mode == "latency" { latencies.append(Double(now - value.sentNanoseconds) / 1e6) }
            }
        }
        if mode == "latency" {
            let sorted = latencies.sorted()
            func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
            print("\(sorted.count) \(percentile(0.5)) \(percentile(0.99)) \(sorted.last ?? 0)")
        } else {
            // Elapsed from the first to the last message, scaled to count the first one too.
            let elapsed = Double(last - first) / 1e9 * Double(received) / Double(max(1, received - 1))
            print("\(received) \(elapsed) \(ProcessCPU.sample(pid: getpid()).fields)")
        }
        fflush(nil)
    }
}

/// Reads lines from a pipe.
final class LineReader {
    private let handle: FileHandle
    private var buffer = Data()

    init(handle: FileHandle) { self.handle = handle }

    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
