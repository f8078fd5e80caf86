import Foundation
import NavMap

/// Customized metrics by travel mode and avoid set, each for the traffic state it was last asked for.
/// A request with other traffic re-customizes that entry (seconds at most, no restart); requests with the
/// same traffic dictionary — the navigator hands the same one on until traffic changes — find it in
/// constant time, because dictionaries that share storage compare equal at once.
final class MetricCache: @unchecked Sendable {
    struct Key: Hashable {
        var mode: TravelMode
        var avoidedFlags: UInt8
    }

    struct Entry {
        var traffic: TrafficSpeedFactors
        var factors: [Float]?
        var metric: HierarchyMetric
        var lastUse: UInt64
    }

    /// Entries kept at once; each costs 16 bytes per hierarchy edge.
    static let capacity = 4

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var uses: UInt64 = 0

    /// The metric for `key` under `traffic`, customized by `build` when missing or stale.
    func metric(
        for key: Key, traffic: TrafficSpeedFactors, build: () -> (factors: [Float]?, metric: HierarchyMetric)
    ) -> (factors: [Float]?, metric: HierarchyMetric) {
        lock.lock()
        defer { lock.unlock() }
        uses += 1
        if var entry = entries[key], entry.traffic == traffic {
            entry.lastUse = uses
            entries[key] = entry
            return (entry.factors, entry.metric)
        }
        // Drop the stale entry before building, so two metrics of one key never coexist in memory.
        entries[key] = nil
        if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
        }
        let built = build()
        entries[key] = Entry(traffic: traffic, factors: built.factors, metric: built.metric, lastUse: uses)
        return built
    }
}
