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

    /// Judges one fix against its best match on the route (`nil` when the search window is empty).
    mutating func assess(
        _ observation: RouteObservation?, fix: Fix, progress: Double, options: DeviationOptions
    ) -> Verdict {
        let accuracy = fix.horizontalAccuracy ?? RouteTracker.defaultAccuracy
        guard accuracy <= options.maximumUsableAccuracy else { return .unusable }
        let limit = max(options.offRouteDistance, 1.5 * accuracy)
        let away: Bool
        let close: Bool
        if let observation {
            let offset = observation.headingOffset ?? 0
            let onward = observation.onwardHeadingOffset ?? 0
            let wrongWay = offset > 120 || observation.distanceAlong < progress - (30 + accuracy)
            away = observation.crossTrack > limit || (observation.crossTrack > limit / 2 && onward > 45) || wrongWay
            close = !wrongWay && observation.crossTrack <= 0.75 * limit && offset <= 45
        } else {
            away = true
            close = false
        }
        offStreak = away ? offStreak + 1 : 0
        onStreak = close ? onStreak + 1 : 0
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
