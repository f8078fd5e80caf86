public import NavProtocol
public import NavBus
import Foundation

/// The fleet's state shared between the bus thread, which applies messages, and the browsers' connection threads,
/// which read snapshots, with every open event stream.
///
/// One lock guards the state and the set of clients; events are encoded once per message and offered to each
/// interested client's bounded queue, which never waits. The fleet page gets one `fleet` event per
/// ``flushFleet()`` with the vehicles that changed since the last one, so a thousand vehicles at 1 Hz are ten
/// events a second, not a thousand.
public final class LiveFleet: @unchecked Sendable {
    public struct Limits: Sendable {
        /// Open event streams at most; more are refused with 503.
        public var clients: Int
        /// Events a client may have queued before it is resynchronised.
        public var queuedEventsPerClient: Int
        /// Seconds an idle stream waits before a keep-alive comment.
        public var keepAliveSeconds: Double
        /// Vehicles kept at most.
        public var vehicles: Int

        public init(clients: Int = 64, queuedEventsPerClient: Int = 256, keepAliveSeconds: Double = 10, vehicles: Int = 10_000) {
            self.clients = clients
            self.queuedEventsPerClient = queuedEventsPerClient
            self.keepAliveSeconds = keepAliveSeconds
            self.vehicles = vehicles
        }
    }

    public let limits: Limits
    public let counters: BusCounters
    // Every stored property below is read and written only while `lock` is held.
    private let lock = NSLock()
    private var fleet: FleetState
    private var clients: [Int: EventClient] = [:]
    private var nextClientID = 0
    private var changedSinceFlush: Set<String> = []

    public init(limits: Limits = Limits(), matcher: (any RouteWayMatcher)? = nil, counters: BusCounters = BusCounters()) {
        self.limits = limits
        self.counters = counters
        fleet = FleetState(maximumVehicles: limits.vehicles, matcher: matcher)
    }

    // MARK: From the bus

    /// Applies a vehicle's message and sends what changed to that vehicle's pages.
    public func apply(_ input: VehicleInput, vehicle: String, at time: Timestamp) {
        lock.lock()
        defer { lock.unlock() }
        guard let change = fleet.apply(input, vehicle: vehicle, at: time) else {
            counters.add("vehiclesRefused")
            return
        }
        changedSinceFlush.insert(vehicle)
        let watchers = clients.values.filter { $0.subscription == .vehicle(vehicle) }
        guard !watchers.isEmpty, let state = fleet.vehicles[vehicle] else { return }
        var events: [UInt8] = []
        if change.contains(.route) { events += Self.routeEvent(state) }
        if change.contains(.view) { events += Self.viewEvent(state) }
        offer(events, to: watchers)
    }

    /// Applies a provider's traffic conditions and sends the recoloured routes.
    public func apply(_ conditions: TrafficConditions, at time: Timestamp) {
        lock.lock()
        defer { lock.unlock() }
        sendRoutes(of: fleet.apply(conditions, at: time))
    }

    /// Lets expired traffic conditions lapse (called about once a second).
    public func expireTraffic(now: Timestamp) {
        lock.lock()
        defer { lock.unlock() }
        guard !fleet.traffic.isEmpty else { return }
        sendRoutes(of: fleet.recolourRoutes(now: now))
    }

    /// Sends the fleet pages the vehicles that changed since the last call.
    public func flushFleet() {
        lock.lock()
        defer { lock.unlock() }
        guard !changedSinceFlush.isEmpty else { return }
        let watchers = clients.values.filter { $0.subscription == .fleet }
        if !watchers.isEmpty {
            offer(Self.fleetEvent(changedSinceFlush.sorted().compactMap { fleet.vehicles[$0]?.summary }), to: watchers)
        }
        changedSinceFlush.removeAll(keepingCapacity: true)
    }

    private func sendRoutes(of vehicles: [String]) {
        for vehicle in vehicles {
            let watchers = clients.values.filter { $0.subscription == .vehicle(vehicle) }
            guard !watchers.isEmpty, let state = fleet.vehicles[vehicle] else { continue }
            offer(Self.routeEvent(state) + Self.viewEvent(state), to: watchers)
        }
    }

    private func offer(_ events: [UInt8], to watchers: [EventClient]) {
        guard !events.isEmpty else { return }
        for client in watchers where !client.offer(events) {
            counters.add("eventsDropped")
        }
    }

    // MARK: From the browsers

    /// Opens an event stream; `nil` when ``Limits/clients`` streams are already open.
    public func connect(_ subscription: EventSubscription) -> EventClient? {
        lock.lock()
        defer { lock.unlock() }
        guard clients.count < limits.clients else {
            counters.add("clientsRefused")
            return nil
        }
        nextClientID += 1
        let client = EventClient(
            id: nextClientID, subscription: subscription, capacity: limits.queuedEventsPerClient,
            keepAliveSeconds: limits.keepAliveSeconds,
            snapshot: { [weak self] client in self?.snapshot(for: client) ?? [] },
            closed: { [weak self] client in self?.disconnect(client) })
        clients[client.id] = client
        counters.add("clientsConnected")
        return client
    }

    /// Open event streams.
    public var clientCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return clients.count
    }

    /// Ends every stream (before the HTTP server stops, so its threads can finish).
    public func closeAll() {
        lock.lock()
        let open = Array(clients.values)
        lock.unlock()
        for client in open { client.close() }
    }

    private func disconnect(_ client: EventClient) {
        lock.lock()
        clients[client.id] = nil
        lock.unlock()
    }

    private func snapshot(for client: EventClient) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        client.beginSnapshot()
        var events = ServerSentEvent.retry(milliseconds: 1000)
        switch client.subscription {
        case .fleet:
            events += Self.fleetEvent(fleet.vehicles.keys.sorted().compactMap { fleet.vehicles[$0]?.summary })
        case .vehicle(let id):
            let state = fleet.vehicles[id] ?? VehicleState(vehicle: id)
            events += Self.routeEvent(state) + Self.viewEvent(state)
        }
        return events
    }

    // MARK: Reading the state

    /// One vehicle's page model, `nil` for a vehicle never heard of.
    public func view(of vehicle: String) -> VehicleView? {
        lock.lock()
        defer { lock.unlock() }
        return fleet.vehicles[vehicle]?.view
    }

    /// How many vehicles are known.
    public var vehicleCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return fleet.vehicles.count
    }

    /// The ids of every known vehicle, sorted.
    public var vehicleIDs: [String] {
        lock.lock()
        defer { lock.unlock() }
        return fleet.vehicles.keys.sorted()
    }

    // MARK: Events

    static func viewEvent(_ state: VehicleState) -> [UInt8] {
        encoded("view", state.view)
    }

    static func routeEvent(_ state: VehicleState) -> [UInt8] {
        guard let route = state.routeView else { return [] }
        return encoded("route", route)
    }

    static func fleetEvent(_ summaries: [FleetSummary]) -> [UInt8] {
        encoded("fleet", FleetBatch(vehicles: summaries))
    }

    private struct FleetBatch: Encodable {
        var vehicles: [FleetSummary]
    }

    private static func encoded(_ name: String, _ value: some Encodable) -> [UInt8] {
        // The page models are plain structs of numbers and strings; encoding them cannot fail.
        guard let data = try? StreamingJSONEncoder().encode(value) else { return [] }
        return ServerSentEvent.encode(name: name, data: data)
    }
}
