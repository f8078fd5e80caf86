import NavBus
import NavProtocol
import NavSources

/// The feeder's simulator: one ``VehicleSimulation`` per vehicle, created on first use, answering the
/// `locationSimulator.*` methods and following the navigator's `nav.route_changed.v1`.
///
/// It owns no sockets and reads no clock: the caller passes monotonic time in, so every method runs on the
/// reactor thread without locks and the behaviour is testable.
struct LocationSimulator {
    /// Settings a vehicle starts with (from the command line).
    let defaults: SimulationOptions
    let seed: UInt64
    /// The vehicles in a contiguous array stepped in place, so a tick over a large fleet copies nothing.
    private var simulations: [VehicleSimulation] = []
    private var names: [String] = []
    private var indexByName: [String: Int] = [:]
    /// Monotonic time of the next fix any vehicle owes, so the feeder's loop sleeps until then instead of
    /// ticking while idle; minus infinity after a change, so the next turn looks again.
    private(set) var nextDue = -Double.infinity

    init(defaults: SimulationOptions, seed: UInt64) {
        self.defaults = defaults
        self.seed = seed
    }

    // MARK: Methods

    mutating func simulateAlongExistingRoute(vehicle: String, now: Double) throws(RPCError) -> SimulatorStatus {
        try update(vehicle) { simulation throws(RPCError) in
            guard simulation.driveNavigatorRoute(now: now) else { throw .noRoute(vehicle: vehicle) }
        }
    }

    mutating func simulateLocation(_ params: SimulateLocationParams, now: Double) throws(RPCError) -> SimulatorStatus {
        guard abs(params.latitude) <= 90, abs(params.longitude) <= 180 else {
            throw .invalidParams("latitude must be within ±90° and longitude within ±180°")
        }
        return try update(params.vehicleID) { $0.hold(latitude: params.latitude, longitude: params.longitude, now: now) }
    }

    mutating func stopSimulation(vehicle: String) throws(RPCError) -> SimulatorStatus {
        try update(vehicle) { $0.stop() }
    }

    mutating func configure(_ params: ConfigureSimulatorParams, now: Double) throws(RPCError) -> SimulatorStatus {
        var options = indexByName[params.vehicleID].map { simulations[$0].options } ?? defaults
        if let multiplier = params.speedMultiplier {
            guard multiplier > 0 else { throw .invalidParams("speedMultiplier must be greater than 0, got \(multiplier)") }
            options.speedMultiplier = multiplier
        }
        if let paused = params.paused { options.paused = paused }
        if let jitter = params.jitterMeters {
            guard jitter >= 0 else { throw .invalidParams("jitterMeters must be 0 or more, got \(jitter)") }
            options.jitterMeters = jitter
        }
        if let profile = params.speedProfile {
            do {
                options.speedProfile = try SpeedProfile(parsing: profile.rawValue)
            } catch {
                throw .invalidParams(Self.reason(error))
            }
        }
        if let leaveAt = params.leaveRouteAtMeters {
            options.leaveRouteAtMeters = leaveAt < 0 ? nil : leaveAt
        }
        do {
            try options.validate()
        } catch {
            throw .invalidParams(Self.reason(error))
        }
        return try update(params.vehicleID) { $0.configure(options, now: now) }
    }

    // MARK: Bus input

    /// Takes a `nav.route_changed.v1` about `vehicle`.
    /// - Throws: `SourceError` when the route cannot be driven (the vehicle keeps its previous route).
    mutating func routeChanged(_ change: RouteChanged, vehicle: String) throws {
        nextDue = -.infinity
        try simulations[index(of: vehicle)].follow(change)
    }

    /// Starts `vehicle` on a trip of its own that it repeats (fleet mode).
    mutating func driveLoop(vehicle: String, route: SimulatedRoute, now: Double) {
        nextDue = -.infinity
        simulations[index(of: vehicle)].driveLoop(route, stopSeconds: Self.fleetStopSeconds, now: now)
    }

    /// How long fleet vehicles wait at the far end of their loop.
    static let fleetStopSeconds = 10.0

    // MARK: Time

    /// Produces every fix due by `now`, with the vehicle it is about.
    mutating func produceFixes(now: Double, _ deliver: (String, GPSFix) throws -> Void) rethrows {
        var next = Double.infinity
        for index in simulations.indices {
            if simulations[index].isDue(now: now) {
                try simulations[index].produceFixes(now: now) { try deliver(names[index], $0) }
            }
            if simulations[index].simulator.state != .idle { next = min(next, simulations[index].nextFixDue) }
        }
        nextDue = next
    }

    /// Vehicles that produce fixes now.
    var activeCount: Int {
        simulations.reduce(0) { $0 + ($1.simulator.state == .idle ? 0 : 1) }
    }

    // MARK: Internals

    private mutating func update(
        _ vehicle: String, _ change: (inout VehicleSimulation) throws(RPCError) -> Void
    ) throws(RPCError) -> SimulatorStatus {
        guard !vehicle.isEmpty else { throw .invalidParams("vehicle must not be empty") }
        nextDue = -.infinity
        let index = index(of: vehicle)
        try change(&simulations[index])
        return simulations[index].status
    }

    /// The vehicle's index, adding it with the default settings on first use.
    private mutating func index(of vehicle: String) -> Int {
        if let index = indexByName[vehicle] { return index }
        simulations.append(newVehicle(vehicle))
        names.append(vehicle)
        indexByName[vehicle] = simulations.count - 1
        return simulations.count - 1
    }

    private static func reason(_ error: any Error) -> String {
        (error as? SourceError)?.message ?? "\(error)"
    }

    private func newVehicle(_ vehicle: String) -> VehicleSimulation {
        // Each vehicle its own noise, yet reproducible for a given --seed.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in vehicle.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return VehicleSimulation(options: defaults, seed: seed ^ hash)
    }
}
