import NavCore

/// Decides when the current destination is reached, whatever road the vehicle came by.
///
/// Two rules, each judged against both the waypoint as the user gave it and the end of the leg as the
/// router planned it (they differ when the router joined the network elsewhere):
///
/// - **Along the route** (the rule for driving through it): the tracked position is within the
///   arrival radius of the leg's end, measured along the route, so a waypoint beside a bridge or a parallel
///   road that the route passes earlier is never reached early. A vehicle faster than ``stoppedSpeed``
///   must reach the end itself, with the road it drives passing through it (the engine judges this with
///   the network matcher's trail, see `GuidanceEngine.hasArrived`): driving past on a street beside the
///   destination, or turning off just before it, is not arriving.
/// - **Stopping near it** (any approach, on or off the route): the vehicle slows below ``stoppedSpeed`` and
///   the mean of its slow fixes lies within the arrival radius of the target plus an allowance for GPS
///   noise that shrinks as the fixes add up (`2σ/√n`, at most ``maximumAllowance``). A driver who parks
///   on a parallel street beside the destination has arrived; one who drives past it there has not.
///   Walkers and cyclists are slow anyway, so for them the mean of the last fixes only has to be close.
///
/// Either rule requires that the vehicle moved since the leg began (see ``hasMoved``), so a destination
/// next to the start of its leg is not announced before the trip has begun.
struct ArrivalDetector: Hashable, Codable, Sendable {
    /// Speed in m/s below which a driving vehicle counts as stopping (about 9 km/h, parking speed).
    static let stoppedSpeed = 2.5
    /// Speed in m/s that proves the vehicle is under way.
    static let movingSpeed = 5.0
    /// Distance in metres from the leg's first fix that proves the vehicle is under way.
    static let movedDistance = 40.0
    /// Slow fixes needed before a stop is judged.
    static let confirmingFixes = 2
    /// Most fixes averaged while stopped; older ones are dropped from the mean.
    static let averagedFixes = 30
    /// Largest noise allowance added to the arrival radius, in metres.
    static let maximumAllowance = 15.0

    private(set) var hasMoved = false
    private var start: Coordinate?
    private var slowLatitudes: [Double] = []
    private var slowLongitudes: [Double] = []
    private var lastFix: Fix?

    /// Takes one usable fix into account.
    /// - Parameter walking: Whether the travel mode is on foot or by bicycle, where speed says nothing about
    ///   stopping.
    mutating func observe(_ fix: Fix, walking: Bool) {
        let speed = Self.speed(of: fix, after: lastFix)
        lastFix = fix
        if let start {
            if start.distance(to: fix.coordinate) >= Self.movedDistance { hasMoved = true }
        } else {
            start = fix.coordinate
        }
        if let speed, speed >= Self.movingSpeed { hasMoved = true }
        let slow = walking || (speed.map { $0 < Self.stoppedSpeed } ?? false)
        guard slow else {
            slowLatitudes.removeAll()
            slowLongitudes.removeAll()
            return
        }
        slowLatitudes.append(fix.latitude)
        slowLongitudes.append(fix.longitude)
        if slowLatitudes.count > (walking ? Self.confirmingFixes : Self.averagedFixes) {
            slowLatitudes.removeFirst()
            slowLongitudes.removeFirst()
        }
    }

    /// Whether the vehicle has stopped close enough to one of the targets.
    /// - Parameters:
    ///   - targets: The waypoint and the leg's end.
    ///   - radius: The arrival radius in metres.
    ///   - accuracy: One-sigma accuracy of the fixes in metres.
    func hasStopped(near targets: [Coordinate], radius: Double, accuracy: Double) -> Bool {
        let count = slowLatitudes.count
        guard hasMoved, count >= Self.confirmingFixes else { return false }
        let mean = Coordinate(
            latitude: slowLatitudes.reduce(0, +) / Double(count),
            longitude: slowLongitudes.reduce(0, +) / Double(count))
        let allowance = min(Self.maximumAllowance, 2 * accuracy / Double(count).squareRoot())
        return targets.contains { mean.distance(to: $0) <= radius + allowance }
    }

    /// The fix's own speed, or the speed between two fixes when it reports none.
    private static func speed(of fix: Fix, after previous: Fix?) -> Double? {
        if let speed = fix.speed, speed >= 0 { return speed }
        guard let previous, fix.time > previous.time else { return nil }
        return previous.coordinate.distance(to: fix.coordinate) / (fix.time - previous.time)
    }
}
