import Synchronization

/// How the automatic search answered leg searches since the router was made: on the contraction hierarchy,
/// or with the reference search because no customized metric was ready (a map without a hierarchy, or a
/// large map re-customizing in the background after a traffic change); apart from those, the legs the reference
/// search answered because the hierarchy's route made a turn that a time-windowed restriction bans at the
/// departure (``TimedTurnRestrictions``). Searches asked for explicitly with
/// another ``RoutingAlgorithm`` are not counted.
public struct LegSearchCounts: Sendable, Equatable {
    public var onHierarchy: Int
    public var fallbacks: Int
    /// Legs whose hierarchy route made a turn banned at the departure, answered by the reference search.
    public var timedRestrictionFallbacks: Int
}

/// The router's running ``LegSearchCounts``, shared by concurrent requests.
final class LegSearchCounter: Sendable {
    private let onHierarchy = Atomic<Int>(0)
    private let fallbacks = Atomic<Int>(0)
    private let timedRestrictionFallbacks = Atomic<Int>(0)

    func count(onHierarchy answered: Bool) {
        if answered {
            onHierarchy.wrappingAdd(1, ordering: .relaxed)
        } else {
            fallbacks.wrappingAdd(1, ordering: .relaxed)
        }
    }

    func countTimedRestrictionFallback() {
        timedRestrictionFallbacks.wrappingAdd(1, ordering: .relaxed)
    }

    var counts: LegSearchCounts {
        LegSearchCounts(
            onHierarchy: onHierarchy.load(ordering: .relaxed), fallbacks: fallbacks.load(ordering: .relaxed),
            timedRestrictionFallbacks: timedRestrictionFallbacks.load(ordering: .relaxed))
    }
}
