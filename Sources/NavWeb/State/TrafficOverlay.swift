public import NavCore
public import NavProtocol

/// Finds the OpenStreetMap way a stretch of route runs on, so conditions given by way id can colour it.
public protocol RouteWayMatcher: Sendable {
    /// The way id of the road at `point` (the middle of a route segment), `nil` when no road is near.
    func wayID(at point: Coordinate) -> Int64?
}

/// Every traffic provider's latest `traffic.conditions.v1`, as the route colouring needs it.
///
/// Like the navigator, each message replaces its provider's earlier conditions, expired conditions stop counting,
/// and where conditions overlap the slowest factor wins.
public struct TrafficOverlay: Sendable {
    private var providers: [String: [TrafficCondition]] = [:]

    public init() {}

    /// Replaces a provider's conditions.
    public mutating func replace(_ message: TrafficConditions) {
        providers[message.provider] = message.conditions.isEmpty ? nil : message.conditions
    }

    public var isEmpty: Bool { providers.isEmpty }

    /// The slowest factor in force on a segment whose middle is `point` on way `wayID`, `nil` where none applies.
    public func speedFactor(at point: Coordinate, wayID: Int64?, now: Timestamp) -> Double? {
        var slowest: Double?
        for conditions in providers.values {
            for condition in conditions where condition.expiresAt > now {
                guard let factor = condition.effectiveSpeedFactor, Self.covers(condition, point: point, wayID: wayID)
                else { continue }
                slowest = min(slowest ?? factor, factor)
            }
        }
        return slowest
    }

    /// The route's positions grouped into runs of one traffic level (every position pair is one segment).
    public func runs(along coordinates: [Coordinate], matcher: (any RouteWayMatcher)?, now: Timestamp) -> [TrafficRun] {
        guard coordinates.count >= 2 else { return [] }
        var runs: [TrafficRun] = []
        for i in 0..<(coordinates.count - 1) {
            let level: TrafficLevel
            if isEmpty {
                level = .free
            } else {
                let middle = Coordinate(
                    latitude: (coordinates[i].latitude + coordinates[i + 1].latitude) / 2,
                    longitude: (coordinates[i].longitude + coordinates[i + 1].longitude) / 2)
                level = TrafficLevel(
                    speedFactor: speedFactor(at: middle, wayID: matcher?.wayID(at: middle), now: now))
            }
            if let last = runs.last, last.level == level, last.to == i {
                runs[runs.count - 1].to = i + 1
            } else {
                runs.append(TrafficRun(from: i, to: i + 1, level: level))
            }
        }
        return runs
    }

    private static func covers(_ condition: TrafficCondition, point: Coordinate, wayID: Int64?) -> Bool {
        if let ways = condition.wayIds, let wayID, ways.contains(wayID) { return true }
        switch condition.area {
        case .circle(let center, let radius): return center.distance(to: point) <= radius
        case .boundingBox(let box): return box.contains(point)
        case nil: return false
        }
    }
}
