/// How traffic flows on a stretch of road, as the route line and the trip progress bar colour it.
public enum TrafficLevel: String, Codable, Sendable, CaseIterable {
    /// No condition, or one that keeps at least 80 % of free-flow speed.
    case free
    /// 50–80 % of free-flow speed.
    case slow
    /// Below half of free-flow speed.
    case jammed
    /// Closed (factor 0).
    case closed

    /// The level for a fraction of free-flow speed; `nil` (no condition) is free flow.
    public init(speedFactor: Double?) {
        guard let factor = speedFactor else {
            self = .free
            return
        }
        switch factor {
        case ..<0.000_1: self = .closed
        case ..<0.5: self = .jammed
        case ..<0.8: self = .slow
        default: self = .free
        }
    }
}

/// Consecutive route positions `from...to` (indices into the route's coordinates) at one traffic level.
public struct TrafficRun: Codable, Sendable, Equatable {
    public var from: Int
    public var to: Int
    public var level: TrafficLevel

    public init(from: Int, to: Int, level: TrafficLevel) {
        self.from = from
        self.to = to
        self.level = level
    }
}
