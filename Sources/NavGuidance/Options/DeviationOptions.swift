/// How leaving the route is told apart from GPS noise.
///
/// A fix is evidence of leaving when it lies farther than ``offRouteDistance`` (or 1.5 × its accuracy,
/// whichever is larger) from the route, once the vehicle has driven half that distance since its last fix
/// close to the route (a standing vehicle does not leave it); when it lies more than half that distance
/// away while heading more than 45° off the way the route goes on (as when driving straight on where it
/// turns), once the vehicle can, by its speed, have driven that far beyond the place the fix projects to;
/// or when it goes against the route, heading more than 120° off while moving or falling more than 30 m
/// plus its accuracy behind the progress already made. A fix heading the route's way while the road
/// network, from the fixes alone, keeps the vehicle on the route's road is no evidence by its distance.
/// The vehicle has left after ``confirmingFixCount`` such fixes in a row; fixes less accurate than
/// ``maximumUsableAccuracy`` neither count nor break a streak. With 10 m one-sigma noise a single fix
/// lies beyond 30 m about 0.3 % of the time; a receiver's error drifts, though, so three in a row do
/// happen, which is why the distance alone is not enough. After a departure the vehicle is back on its
/// route once as many fixes in a row lie within three quarters of the distance and head along it.
public struct DeviationOptions: Hashable, Codable, Sendable {
    /// Cross-track distance in metres beyond which a fix is off the route (default 30).
    public var offRouteDistance: Double
    /// Consecutive off-route fixes that confirm a departure, and on-route fixes that confirm a return
    /// (default 3).
    public var confirmingFixCount: Int
    /// Fixes with a horizontal accuracy worse than this many metres are ignored for deviation and
    /// arrival (default 50).
    public var maximumUsableAccuracy: Double

    /// Creates deviation options.
    public init(
        offRouteDistance: Double = 30, confirmingFixCount: Int = 3, maximumUsableAccuracy: Double = 50
    ) {
        self.offRouteDistance = offRouteDistance
        self.confirmingFixCount = confirmingFixCount
        self.maximumUsableAccuracy = maximumUsableAccuracy
    }
}
