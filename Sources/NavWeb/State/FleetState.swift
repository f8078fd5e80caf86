public import NavProtocol

/// Every vehicle's ``VehicleState`` and the traffic picture that colours their routes.
///
/// Bounded: beyond `maximumVehicles` new vehicles are refused (and counted by the caller), so a flood of subjects
/// cannot exhaust memory.
public struct FleetState: Sendable {
    public private(set) var vehicles: [String: VehicleState] = [:]
    public private(set) var traffic = TrafficOverlay()
    public let maximumVehicles: Int
    private let matcher: (any RouteWayMatcher)?

    public init(maximumVehicles: Int = 10_000, matcher: (any RouteWayMatcher)? = nil) {
        self.maximumVehicles = maximumVehicles
        self.matcher = matcher
    }

    /// Applies a vehicle's message.
    /// - Returns: what changed, or `nil` when the vehicle is new and the fleet is full.
    public mutating func apply(_ input: VehicleInput, vehicle: String, at time: Timestamp) -> VehicleChange? {
        if vehicles[vehicle] == nil {
            guard vehicles.count < maximumVehicles else { return nil }
            vehicles[vehicle] = VehicleState(vehicle: vehicle)
        }
        let traffic = self.traffic
        let matcher = self.matcher
        return vehicles[vehicle]?.apply(input, at: time, traffic: traffic, matcher: matcher)
    }

    /// Takes in a provider's traffic conditions.
    /// - Returns: the vehicles whose route colours changed.
    public mutating func apply(_ conditions: TrafficConditions, at time: Timestamp) -> [String] {
        traffic.replace(conditions)
        return recolourRoutes(now: time)
    }

    /// Lets expired conditions lapse.
    /// - Returns: the vehicles whose route colours changed.
    public mutating func recolourRoutes(now: Timestamp) -> [String] {
        var changed: [String] = []
        let traffic = self.traffic
        let matcher = self.matcher
        for id in Array(vehicles.keys) where vehicles[id]?.recolour(traffic: traffic, matcher: matcher, now: now) == true {
            changed.append(id)
        }
        return changed.sorted()
    }
}
