/// The rule for destination-only roads (``RoadGraph/isRestricted(_:onArc:)``): a leg may drive on them only in
/// its first stretch (leaving the origin) and its last stretch (reaching the destination), never in between as
/// through traffic. OSRM's car profile and Valhalla's auto costing keep the same rule (OSRM by a prohibitive
/// turn weight from an open road onto a restricted one, Valhalla by its destination-only flag).
///
/// Any search, plain or hierarchical, enforces it exactly by carrying a ``Phase`` with each state: a path is
/// legal when every arc it takes is allowed by ``next(after:enteringRestricted:)``, starting from
/// ``start(onRestricted:)``. Two consecutive restricted arcs stay in the same phase, so a whole destination-only
/// neighbourhood counts as one stretch.
public enum ThroughTrafficRule {
    /// Where a path is relative to its restricted stretches.
    public enum Phase: UInt8, Sendable, Hashable {
        /// Still on the restricted roads around the origin.
        case leavingOrigin
        /// On the open network.
        case open
        /// On the restricted roads around the destination; the path may not return to the open network.
        case reachingDestination
    }

    /// The phase on the first arc of a path.
    @inlinable public static func start(onRestricted restricted: Bool) -> Phase {
        restricted ? .leavingOrigin : .open
    }

    /// The phase after turning onto an arc, or `nil` when the turn would make the path through traffic.
    @inlinable public static func next(after phase: Phase, enteringRestricted restricted: Bool) -> Phase? {
        switch (phase, restricted) {
        case (.leavingOrigin, true): .leavingOrigin
        case (.leavingOrigin, false), (.open, false): .open
        case (.open, true), (.reachingDestination, true): .reachingDestination
        case (.reachingDestination, false): nil
        }
    }

    /// The phase a path must have on an arc just before it turns onto an arc in phase `phase` (the rule read
    /// backwards, for searches from the destination); `nil` when no legal path makes that turn. There is never
    /// more than one.
    @inlinable public static func previous(before phase: Phase, fromRestricted restricted: Bool) -> Phase? {
        switch (phase, restricted) {
        case (.leavingOrigin, true), (.open, true): .leavingOrigin
        case (.leavingOrigin, false): nil
        case (.open, false), (.reachingDestination, false): .open
        case (.reachingDestination, true): .reachingDestination
        }
    }

    /// Whether a whole path (one restriction flag per arc, in order) obeys the rule.
    public static func allows(_ restrictedArcs: some Sequence<Bool>) -> Bool {
        var phase: Phase?
        for restricted in restrictedArcs {
            if let current = phase {
                guard let following = next(after: current, enteringRestricted: restricted) else { return false }
                phase = following
            } else {
                phase = start(onRestricted: restricted)
            }
        }
        return true
    }
}
