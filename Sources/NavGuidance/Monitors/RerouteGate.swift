import NavCore

/// Keeps rerouting disciplined: one request at a time, and after a request none until the vehicle has
/// moved on from where it asked, by both ``minimumInterval`` and ``minimumDistance`` (as Ferrostar does).
///
/// The distance is what the vehicle drove since the request — its speed over fix time — so a vehicle
/// standing still off its route asks once however far GPS jitter throws its fixes; fixes without a speed
/// count the straight line from where it asked instead.
struct RerouteGate: Hashable, Codable, Sendable {
    /// Seconds of fix time between two requests.
    static let minimumInterval = 5.0
    /// Metres driven between two requests.
    static let minimumDistance = 50.0

    /// Fix time of the outstanding request, if any.
    private(set) var outstandingSince: Double?
    private var lastRequestTime: Double?
    private var lastRequestPosition: Coordinate?
    private var driven = 0.0
    private var lastFixTime: Double?

    /// Counts the driving a fix shows; call for every fix, before asking ``mayRequest(at:time:)``.
    mutating func observe(_ fix: Fix) {
        defer { lastFixTime = fix.time }
        guard let lastFixTime, let speed = fix.speed, speed >= 0 else { return }
        driven += speed * max(0, fix.time - lastFixTime)
    }

    /// Whether a request may be sent for a fix at `position` and `time`.
    func mayRequest(at position: Coordinate, time: Double, hasSpeed: Bool) -> Bool {
        guard outstandingSince == nil else { return false }
        guard let lastRequestTime, let lastRequestPosition else { return true }
        let movedOn = hasSpeed ? driven : lastRequestPosition.distance(to: position)
        return time - lastRequestTime >= Self.minimumInterval && movedOn >= Self.minimumDistance
    }

    mutating func recordRequest(at position: Coordinate, time: Double) {
        outstandingSince = time
        lastRequestTime = time
        lastRequestPosition = position
        driven = 0
    }

    /// The adapter answered, with a route or with failure; the hold-off still runs from the request.
    mutating func answered() {
        outstandingSince = nil
    }
}
