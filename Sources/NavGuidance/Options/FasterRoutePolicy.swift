/// Decides whether an alternative route is worth switching to.
///
/// A candidate wins only when it saves both a share of the current remaining time and a number of
/// seconds, so small gains on short trips and small shares of long trips do not make the route flap.
public struct FasterRoutePolicy: Hashable, Codable, Sendable {
    /// Smallest saving as a fraction of the current remaining time (default 0.1, ten per cent).
    public var minimumRelativeSaving: Double
    /// Smallest saving in seconds (default 60).
    public var minimumSavingSeconds: Double

    /// Creates a policy.
    public init(minimumRelativeSaving: Double = 0.1, minimumSavingSeconds: Double = 60) {
        self.minimumRelativeSaving = minimumRelativeSaving
        self.minimumSavingSeconds = minimumSavingSeconds
    }

    /// Whether to switch to a candidate route.
    /// - Parameters:
    ///   - candidateSeconds: Traffic-aware duration of the candidate from the current position.
    ///   - currentSeconds: Remaining traffic-aware time on the current route.
    /// - Returns: `true` when the candidate is faster by both margins.
    public func prefers(candidateSeconds: Double, over currentSeconds: Double) -> Bool {
        let saving = currentSeconds - candidateSeconds
        return saving >= minimumSavingSeconds && saving >= minimumRelativeSaving * currentSeconds
    }
}
