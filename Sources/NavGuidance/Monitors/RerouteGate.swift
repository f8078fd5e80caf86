/// Keeps rerouting disciplined: one request at a time, and after a request none until the vehicle has
/// moved on from where it asked, by both ``minimumInterval`` and ``minimumDistance`` (as Ferrostar does).
///
/// A vehicle that stops or crawls off its route therefore asks once, not every few seconds, and a route
/// that cannot be followed from where the vehicle stands is not asked for again and again.
struct RerouteGate: Hashable, Codable, Sendable {
    /// Seconds of fix time between two requests.
    static let minimumInterval = 5.0
    /// Metres between the positions of two requests.
    static let minimumDistance = 50.0

    /// Fix time of the outstanding request, if any.
    private(set) var outstandingSince: Double?
    private var lastRequestTime: Double?
    private var lastRequestPosition: Coordinate?

    /// Whether a request may be sent for a fix at `position` and `time`.
    func mayRequest(at position: Coordinate, time: Double) -> Bool {
        guard outstandingSince == nil else { return false }
        guard let lastRequestTime, let lastRequestPosition else { return true }
        return time - lastRequestTime >= Self.minimumInterval
            && Geodesy.distance(lastRequestPosition, position) >= Self.minimumDistance
    }

    mutating func recordRequest(at position: Coordinate, time: Double) {
        outstandingSince = time
        lastRequestTime = time
        lastRequestPosition = position
    }

    /// The adapter answered, with a route or with failure; the hold-off still runs from the request.
    mutating func answered() {
        outstandingSince = nil
    }
}
