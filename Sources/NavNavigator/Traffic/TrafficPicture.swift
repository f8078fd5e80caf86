import NavProtocol

/// The traffic the navigator knows about: every provider's latest `traffic.conditions.v1` message,
/// reduced to one speed factor per OSM way.
///
/// Each message replaces everything its provider said before (an empty list withdraws it all), and each
/// condition stops counting at its `expiresAt`. Where conditions overlap, the slowest factor wins: a road
/// is as slow as its worst known problem. An incident without a `speedFactor` slows its roads by a
/// default for its kind (`TrafficCondition.defaultSpeedFactor(for:)`); a closure always counts as factor 0, which routing
/// and guidance clamp to their slowest speed (5 % of free flow) rather than treat as infinite.
struct TrafficPicture {
    /// One condition with its roads resolved to way ids.
    struct Condition: Equatable {
        var wayIDs: Set<Int64>
        var factor: Double
        var expiresAt: Double
    }

    private var providers: [String: [Condition]] = [:]
    /// The factor in force on each affected way.
    private(set) var factors: [Int64: Double] = [:]
    /// Grows whenever ``factors`` changes, so sessions can tell when to re-apply traffic.
    private(set) var version = 0

    /// Whether any traffic information is in force.
    var isEmpty: Bool { factors.isEmpty }

    /// The factor on a way, `nil` where no condition applies.
    func factor(forWay id: Int64) -> Double? { factors[id] }

    /// The speed factor a condition stands for, `nil` when it has neither a factor nor an incident.
    static func factor(of condition: TrafficCondition) -> Double? { condition.effectiveSpeedFactor }

    /// Replaces a provider's conditions.
    /// - Returns: Whether the factors in force changed.
    @discardableResult
    mutating func replace(provider: String, with conditions: [Condition], now: Double) -> Bool {
        let live = conditions.filter { $0.expiresAt > now && !$0.wayIDs.isEmpty }
        if live.isEmpty {
            providers[provider] = nil
        } else {
            providers[provider] = live
        }
        return recompute()
    }

    /// Drops conditions whose time is up.
    /// - Returns: Whether the factors in force changed.
    @discardableResult
    mutating func expire(now: Double) -> Bool {
        var removed = false
        for (provider, conditions) in providers {
            let live = conditions.filter { $0.expiresAt > now }
            guard live.count != conditions.count else { continue }
            removed = true
            providers[provider] = live.isEmpty ? nil : live
        }
        return removed && recompute()
    }

    private mutating func recompute() -> Bool {
        var next: [Int64: Double] = [:]
        for conditions in providers.values {
            for condition in conditions {
                for way in condition.wayIDs {
                    next[way] = min(next[way] ?? condition.factor, condition.factor)
                }
            }
        }
        guard next != factors else { return false }
        factors = next
        version += 1
        return true
    }
}
