/// Tells a real departure from the route apart from GPS noise, with the rules of ``DeviationOptions``.
/// Whether a departure may ask for a new route is ``RerouteGate``'s business.
struct DeviationDetector: Hashable, Codable, Sendable {
    /// What one fix says about the vehicle and the route.
    enum Verdict: Sendable {
        /// On the route.
        case following
        /// Away from the route, not yet confirmed; snapping should not pull the position onto the route.
        case straying
        /// Departure confirmed by this fix.
        case departed
        /// Still away from the route after a confirmed departure.
        case away
        /// Back on the route after a confirmed departure.
        case rejoined
        /// The fix is too inaccurate to judge; nothing changes.
        case unusable
    }

    private(set) var isOffRoute = false
    private var offStreak = 0
    private var onStreak = 0
    /// Metres driven (speed over fix time) since the last fix close to the route and heading its way; `nil`
    /// before one, or when a fix since had no speed. Optional, like ``lastFixTime``, so that sessions saved
    /// before it restore.
    private var drivenSinceOnRoute: Double?
    private var lastFixTime: Double?

    /// Judges one fix against its best match on the route (`nil` when the search window is empty).
    /// - Parameters:
    ///   - progress: The tracked distance along the route, where the last fix on it put the vehicle.
    ///   - drifting: Whether the road network has the vehicle on the route's own road, heading its way: then
    ///     the fix's distance from the route is the receiver's drift, not driving, and says nothing.
    mutating func assess(
        _ observation: RouteObservation?, fix: Fix, progress: Double, drifting: Bool = false,
        options: DeviationOptions
    ) -> Verdict {
        let accuracy = fix.horizontalAccuracy ?? RouteTracker.defaultAccuracy
        guard accuracy <= options.maximumUsableAccuracy else { return .unusable }
        defer { lastFixTime = fix.time }
        return judge(
            observation, fix: fix, progress: progress, drifting: drifting, accuracy: accuracy, options: options)
    }

    /// Takes the vehicle to be on its route again at once: it has joined a later pass of it (see
    /// ``RouteTracker/laterPass(of:on:minimumAhead:reach:crossTrack:heading:)``).
    mutating func rejoin() {
        isOffRoute = false
        offStreak = 0
        onStreak = 0
        drivenSinceOnRoute = 0
    }

    private mutating func judge(
        _ observation: RouteObservation?, fix: Fix, progress: Double, drifting: Bool, accuracy: Double,
        options: DeviationOptions
    ) -> Verdict {
        if let driven = drivenSinceOnRoute, let last = lastFixTime, let speed = fix.speed, speed >= 0 {
            drivenSinceOnRoute = driven + speed * max(0, fix.time - last)
        } else {
            drivenSinceOnRoute = nil
        }
        let driven = drivenSinceOnRoute
        let limit = max(options.offRouteDistance, 1.5 * accuracy)
        let away: Bool
        let close: Bool
        if let observation {
            let offset = observation.headingOffset ?? 0
            let onward = observation.onwardHeadingOffset ?? 0
            let wrongWay = offset > 120 || observation.distanceAlong < progress - (30 + accuracy)
            // A vehicle can be off its route only by driving there: one that has not moved since its last fix on
            // the route is where it was, whatever a drifting receiver says. Half the distance is enough while the
            // fix heads off the route (driving straight on where it turns, or down a side road), once the vehicle
            // can have driven that far beyond the place the fix projects to: slowing at the corner of a turn it
            // has yet to take, it cannot be 15 m past it.
            let moved = driven.map { $0 >= limit / 2 } ?? true
            let pastIt = driven.map { progress + $0 - observation.distanceAlong >= limit / 2 } ?? true
            let headingOff = observation.crossTrack > limit / 2 && onward > 45 && pastIt
            away = (observation.crossTrack > limit && moved && !drifting) || headingOff || wrongWay
            close = !wrongWay && observation.crossTrack <= 0.75 * limit && offset <= 45
        } else {
            away = true
            close = false
        }
        offStreak = away ? offStreak + 1 : 0
        onStreak = close ? onStreak + 1 : 0
        if close { drivenSinceOnRoute = 0 }
        if isOffRoute {
            guard onStreak >= options.confirmingFixCount else { return .away }
            isOffRoute = false
            offStreak = 0
            return .rejoined
        }
        guard away else { return .following }
        guard offStreak >= options.confirmingFixCount else { return .straying }
        isOffRoute = true
        onStreak = 0
        return .departed
    }
}
