import NavCore
public import NavService
import NavSources

/// Everything the feeder needs to run, read from its command line and environment.
public struct FeederConfiguration: Sendable {
    var source: GPSSourceSpec
    /// The subject of a real GPS's fixes, and the vehicle of a single simulated one.
    var vehicle: String
    /// Fleet mode: this many simulated vehicles on random trips of ``mapPath``.
    var fleetSize: Int?
    var mapPath: String?
    /// Settings every simulated vehicle starts with.
    var simulation: SimulationOptions
    var seed: UInt64
    var publisherEndpoint: String
    var subscriberEndpoint: String
    var controlEndpoint: String

    public static let options: [Option] =
        [
            Option(
                "source", variable: "NAVBUS_SOURCE", default: "simulator",
                help: "where fixes come from: \(GPSSourceSpec.usage)", valueName: "SPEC"),
            Option(
                "vehicle", variable: "NAVBUS_VEHICLE", default: "default",
                help: "vehicle id (message subject) of a real GPS's fixes", valueName: "ID"),
            Option(
                "fleet", variable: "NAVBUS_FLEET",
                help: "simulate N vehicles fleet-0001… on random round trips of --map (load tests)", valueName: "N"),
            Option("map", variable: "NAVBUS_MAP", help: "OSM extract or graph file for --fleet", valueName: "PATH"),
            Option(
                "rate", variable: "NAVBUS_RATE",
                help: "simulator: fixes per simulated second (default 1); nmea-file:/gpx: replay speed, or max",
                valueName: "X"),
            Option(
                "jitter", variable: "NAVBUS_JITTER", default: "0",
                help: "simulator: standard deviation of position noise in metres", valueName: "METERS"),
            Option(
                "speed-multiplier", variable: "NAVBUS_SPEED_MULTIPLIER", default: "1",
                help: "simulator: how much faster than real time to drive", valueName: "X"),
            Option(
                "speed-profile", variable: "NAVBUS_SPEED_PROFILE", default: "limit",
                help: "simulator: limit, limit+15%, limit-10% or constant:<m/s>", valueName: "PROFILE"),
            Option("seed", variable: "NAVBUS_SEED", default: "1", help: "simulator: noise and fleet seed", valueName: "N"),
        ] + Endpoints.busOptions + [
            Option(
                "control", variable: Endpoints.feederVariable, default: Endpoints.defaultFeeder,
                help: "where the simulator control API (JSON-RPC) binds", valueName: "ENDPOINT"),
        ]

    /// - Throws: `UsageError` saying what to write instead.
    public init(_ options: ParsedOptions) throws(UsageError) {
        do {
            source = try GPSSourceSpec(parsing: try options.require("source"))
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError((error as? SourceError)?.message ?? "\(error)")
        }
        vehicle = try options.require("vehicle")
        publisherEndpoint = try options.require("pub")
        subscriberEndpoint = try options.require("sub")
        controlEndpoint = try options.require("control")
        mapPath = options.value("map")
        guard let seed = UInt64(options.value("seed") ?? "1") else {
            throw UsageError("--seed expects a whole number of 0 or more")
        }
        self.seed = seed

        simulation = SimulationOptions()
        simulation.speedMultiplier = try options.double("speed-multiplier") ?? 1
        simulation.jitterMeters = try options.double("jitter") ?? 0
        do {
            simulation.speedProfile = try SpeedProfile(parsing: options.value("speed-profile") ?? "limit")
            try simulation.validate()
        } catch {
            throw UsageError((error as? SourceError)?.message ?? "\(error)")
        }

        if let text = options.value("fleet") {
            guard let size = Int(text), size > 0 else { throw UsageError("--fleet expects a positive whole number") }
            guard source == .simulator else { throw UsageError("--fleet needs --source simulator") }
            guard mapPath != nil else { throw UsageError("--fleet needs --map PATH to plan the vehicles' trips on") }
            fleetSize = size
        }
        if let rate = options.value("rate") { try apply(rate: rate) }
    }

    /// `--rate`: fixes per simulated second for the simulator, the replay speed of recorded tracks.
    private mutating func apply(rate text: String) throws(UsageError) {
        let number = Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        switch source {
        case .simulator:
            guard let number else { throw UsageError("--rate expects fixes per second, a positive number") }
            simulation.interval = 1 / number
        case .nmeaFile(let path, var replay):
            replay.rate = try Self.replayRate(text, number)
            source = .nmeaFile(path: path, replay: replay)
        case .gpx(let path, var replay):
            replay.rate = try Self.replayRate(text, number)
            source = .gpx(path: path, replay: replay)
        case .gpsd, .nmeaSerial, .nmeaTCP, .nmeaStandardInput:
            throw UsageError("--rate applies to the simulator and to nmea-file: and gpx: replays, not to \(source)")
        }
    }

    private static func replayRate(_ text: String, _ number: Double?) throws(UsageError) -> Double? {
        if text == "max" { return nil }
        guard let number else { throw UsageError("--rate expects a positive number or max") }
        return number
    }
}
