/// `locationSimulator.simulateLocation` parameters: stop any drive and hold the vehicle at one place.
public struct SimulateLocationParams: Codable, Sendable, Equatable, VehicleScoped {
    /// The vehicle the call is for; absent means ``Vehicle/defaultID``.
    public var vehicle: String?
    /// WGS84 latitude in degrees.
    public var latitude: Double
    /// WGS84 longitude in degrees.
    public var longitude: Double

    public init(vehicle: String? = nil, latitude: Double, longitude: Double) {
        self.vehicle = vehicle
        self.latitude = latitude
        self.longitude = longitude
    }
}
