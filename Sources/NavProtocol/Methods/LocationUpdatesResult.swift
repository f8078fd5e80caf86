/// `roadSnappedLocationProvider.startUpdatingLocation` / `stopUpdatingLocation` result.
///
/// While updating, the navigator publishes `nav.location.v1` for the vehicle even without guidance.
public struct LocationUpdatesResult: Codable, Sendable, Equatable {
    /// Whether road-snapped locations are now published.
    public var updatingLocation: Bool

    public init(updatingLocation: Bool) {
        self.updatingLocation = updatingLocation
    }
}
