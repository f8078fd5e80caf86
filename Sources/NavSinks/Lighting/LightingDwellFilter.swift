public import NavCore
public import NavProtocol

/// The lighting mode applied for one vehicle: follows `nav.lighting_mode.v1` suggestions, but applies a change
/// only after the new suggestion has persisted for `dwellSeconds` of message time, so a suggestion flickering
/// around dusk does not flip the display back and forth. The first suggestion applies at once.
///
/// Pure: no clocks, no I/O.
public struct LightingDwellFilter: Sendable {
    /// A mode that was applied and when.
    public struct Change: Sendable, Equatable {
        public var mode: LightingMode
        /// The first suggestion's time, or the moment a later suggestion had persisted for the dwell time.
        public var changedAt: Timestamp

        public init(mode: LightingMode, changedAt: Timestamp) {
            self.mode = mode
            self.changedAt = changedAt
        }
    }

    public let dwellSeconds: Double
    /// The mode in force, `nil` before the first suggestion.
    public private(set) var applied: LightingMode?
    private var pending: (mode: LightingMode, since: Timestamp)?
    private var latestTime: Timestamp?

    public init(dwellSeconds: Double) {
        self.dwellSeconds = dwellSeconds
    }

    /// Takes a suggestion stamped with its message time.
    /// - Returns: the change to publish, if the applied mode changed.
    public mutating func observe(_ mode: LightingMode, at time: Timestamp) -> Change? {
        if let latestTime, time < latestTime, pending != nil {
            // Time went backwards (a replay started over): the pending suggestion starts again.
            pending = (mode, time)
        }
        latestTime = time
        guard let applied else {
            self.applied = mode
            return Change(mode: mode, changedAt: time)
        }
        if mode == applied {
            pending = nil
            return nil
        }
        if pending?.mode != mode { pending = (mode, time) }
        return evaluate(at: time)
    }

    /// Lets message time pass without a new suggestion: the latest one is taken to still hold at `time`.
    /// - Returns: the change to publish, if the pending suggestion has now persisted long enough.
    public mutating func advance(to time: Timestamp) -> Change? {
        guard let latestTime, time > latestTime else { return nil }
        return evaluate(at: time)
    }

    private mutating func evaluate(at now: Timestamp) -> Change? {
        guard let pending, now.seconds(since: pending.since) >= dwellSeconds else { return nil }
        applied = pending.mode
        self.pending = nil
        return Change(mode: pending.mode, changedAt: pending.since.adding(seconds: dwellSeconds))
    }
}
