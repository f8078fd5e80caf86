import NavCore
import Foundation
import NavMap

/// Customized metrics by travel mode and avoid set, each for the traffic state it was last asked for.
///
/// A request with other traffic re-customizes that entry without a restart. Small hierarchies are
/// customized on the spot (a fraction of a second); large ones in the background, so a city-wide traffic
/// update never stalls requests: until the new metric is ready a caller that accepts it gets the previous
/// metric of the key with the factors it was made for (the whole request then keeps to that traffic state),
/// and one that does not, or a key with nothing customized yet, gets nil and answers with the reference
/// search (exact, only slower). Requests with the same traffic dictionary — the
/// navigator hands the same one on until traffic changes — find their entry in constant time, because
/// dictionaries that share storage compare equal at once.
final class MetricCache: @unchecked Sendable {
    struct Key: Hashable {
        var mode: TravelMode
        var avoidedFlags: UInt8
        var forbiddenFlags: UInt8
    }

    typealias Customized = (factors: [Float]?, metric: HierarchyMetric)

    /// What a lookup found: the metric, and whether it is for the traffic asked for or the previous one of
    /// its key, kept while the new one is customized.
    struct Found {
        var customized: Customized
        var isCurrent: Bool
    }

    private struct Entry {
        var traffic: TrafficSpeedFactors
        var customized: Customized
        var lastUse: UInt64
    }

    /// Entries kept at once; each costs 16 bytes per hierarchy edge plus 12 per arc of its pruned query graph.
    static let capacity = 4
    /// Hierarchies with more edges than this are customized in the background (about a second of work).
    static let inlineEdgeLimit = 8_000_000
    let inlineEdgeLimit: Int

    init(inlineEdgeLimit: Int = MetricCache.inlineEdgeLimit) {
        self.inlineEdgeLimit = inlineEdgeLimit
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    /// Traffic states being customized in the background, by key.
    private var pending: [Key: TrafficSpeedFactors] = [:]
    private var uses: UInt64 = 0

    /// The metric for `key` under `traffic`.
    /// - Parameters:
    ///   - wait: customize on the spot when missing, even for a large hierarchy.
    ///   - edgeCount: the hierarchy's size, which decides between on the spot and background.
    ///   - previousWhileBuilding: while a background customization runs, return the key's previous metric.
    ///   - build: the customization.
    /// - Returns: nil while a background customization for this traffic is running and no previous metric
    ///   is wanted or kept.
    func metric(
        for key: Key, traffic: TrafficSpeedFactors, wait: Bool, edgeCount: Int, previousWhileBuilding: Bool = false,
        build: @escaping @Sendable () -> Customized
    ) -> Found? {
        lock.lock()
        defer { lock.unlock() }
        uses += 1
        if var entry = entries[key], entry.traffic == traffic {
            entry.lastUse = uses
            entries[key] = entry
            return Found(customized: entry.customized, isCurrent: true)
        }
        if wait || edgeCount <= inlineEdgeLimit {
            // Drop the stale entry before building, so two metrics of one key never coexist in memory, and
            // let a background build of an older traffic state be discarded when it lands.
            entries[key] = nil
            pending[key] = nil
            let built = build()
            store(built, for: key, traffic: traffic)
            return Found(customized: built, isCurrent: true)
        }
        if pending[key] != traffic {
            pending[key] = traffic
            DispatchQueue.global(qos: .utility).async {
                let built = build()
                self.lock.lock()
                defer { self.lock.unlock() }
                // A newer traffic state may have been asked for meanwhile; its own build will land.
                guard self.pending[key] == traffic else { return }
                self.pending[key] = nil
                self.store(built, for: key, traffic: traffic)
            }
        }
        guard previousWhileBuilding, let previous = entries[key] else { return nil }
        return Found(customized: previous.customized, isCurrent: false)
    }

    /// Whether `key` under `traffic` is customized and kept, so a request with them needs no customization.
    func contains(_ key: Key, traffic: TrafficSpeedFactors) -> Bool { current(key, traffic: traffic) != nil }

    /// The metric kept for `key` under `traffic`, without customizing.
    func current(_ key: Key, traffic: TrafficSpeedFactors) -> Customized? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[key], entry.traffic == traffic else { return nil }
        return entry.customized
    }

    /// Takes a metric customized earlier (saved with the map) for `key` without traffic.
    func seed(_ metric: HierarchyMetric, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        uses += 1
        store((nil, metric), for: key, traffic: TrafficSpeedFactors())
    }

    private func store(_ customized: Customized, for key: Key, traffic: TrafficSpeedFactors) {
        entries[key] = nil
        if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
        }
        entries[key] = Entry(traffic: traffic, customized: customized, lastUse: uses)
    }
}
