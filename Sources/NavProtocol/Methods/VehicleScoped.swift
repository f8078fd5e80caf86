/// Method parameters that address one vehicle's session.
///
/// Every method takes an optional `vehicle`; absent means ``Vehicle/defaultID``.
public protocol VehicleScoped: Sendable {
    /// The vehicle the call is for, when the caller named one.
    var vehicle: String? { get }
}

extension VehicleScoped {
    /// The vehicle the call is for, with the default applied.
    public var vehicleID: String { vehicle ?? Vehicle.defaultID }
}

/// Vehicle naming.
public enum Vehicle {
    /// The vehicle id used when there is only one vehicle (also the envelope's default `subject`).
    public static let defaultID = "default"
}

/// The parameters of a method that needs nothing but the vehicle, e.g. `navigator.getState`.
public struct VehicleParams: Codable, Sendable, Equatable, VehicleScoped {
    /// The vehicle the call is for; absent means ``Vehicle/defaultID``.
    public var vehicle: String?

    public init(vehicle: String? = nil) {
        self.vehicle = vehicle
    }
}

/// The result of a method that has nothing to report but success, e.g. `navigator.clearDestinations`.
public struct Acknowledgement: Codable, Sendable, Equatable {
    /// Always `true`; failures are JSON-RPC errors.
    public var ok: Bool

    public init(ok: Bool = true) {
        self.ok = ok
    }
}
