/// Checks and repairs of a state that came from outside the engine: a saved session read back from disk, or
/// a clock that a bad fix pushed into the future.
extension GuidanceState {
    /// The time of the latest fix the engine accepted; fixes older than it are ignored.
    public var latestFixTime: Double? { lastFixTime }

    /// Forgets every time taken from fixes, so the next fix is accepted whatever its time: for a clock that a
    /// glitch moved into the future. Progress along the route is kept; the progress, speeding and lighting
    /// monitors start afresh (they report again at once, which is what a vehicle back from a glitch needs).
    public mutating func restartFixClock() {
        lastFixTime = nil
        reporter = ProgressReporter()
        speeding = SpeedingMonitor()
        lighting = LightingAdvisor()
    }

    /// Why this state cannot be used, or `nil` when it is consistent: every index points into its array and
    /// every distance is a finite number. A state the engine produced always passes; a saved file edited by
    /// hand or damaged on disk (segment 1000000, leg 99) is caught here instead of trapping on the next fix.
    public var integrityProblem: String? {
        if legs.isEmpty {
            guard currentLegIndex == 0 else { return "current leg \(currentLegIndex) of a route without legs" }
        } else if !legs.indices.contains(currentLegIndex) {
            return "current leg \(currentLegIndex) is not one of the \(legs.count) legs"
        }
        guard waypointIndexBase >= 0 else { return "waypoint index base \(waypointIndexBase) is negative" }
        if let lastArrivedWaypointIndex, lastArrivedWaypointIndex < -1 {
            return "last arrived waypoint \(lastArrivedWaypointIndex) is below -1"
        }
        if let lastFixTime, !lastFixTime.isFinite { return "last fix time is not a finite number" }
        guard let leg = currentLeg else {
            return tracker.segment == 0 && tracker.step == 0 ? nil : "progress is recorded without a route"
        }
        guard (0..<leg.segmentCount).contains(tracker.segment) else {
            return "segment \(tracker.segment) is not one of the \(leg.segmentCount) segments of leg \(currentLegIndex)"
        }
        guard tracker.step == 0 || leg.leg.steps.indices.contains(tracker.step) else {
            return "step \(tracker.step) is not one of the \(leg.leg.steps.count) steps of leg \(currentLegIndex)"
        }
        guard tracker.distanceAlong.isFinite, tracker.distanceAlong >= -1, tracker.distanceAlong <= leg.length + 1 else {
            return "distance along the leg \(tracker.distanceAlong) m is outside 0...\(leg.length) m"
        }
        if let start = tracker.startDistance, !start.isFinite { return "start distance is not a finite number" }
        return nil
    }
}
