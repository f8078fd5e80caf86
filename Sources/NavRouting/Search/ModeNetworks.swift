import NavCore
import Foundation
import NavMap

/// The per-mode networks of a router, each prepared on first use: a navigator on a large map starts with
/// the first mode it was asked for and prepares walking or cycling only when a request wants them.
final class ModeNetworks: @unchecked Sendable {
    private let graph: RoadGraph
    private let landmarkCount: Int
    private let supported: Set<TravelMode>
    private let lock = NSLock()
    private var prepared: [TravelMode: ModeNetwork] = [:]

    /// - Parameter eager: modes to prepare at once.
    init(graph: RoadGraph, modes: [TravelMode], landmarkCount: Int, eager: [TravelMode]) {
        self.graph = graph
        self.landmarkCount = landmarkCount
        self.supported = Set(modes.filter { graph.supports($0) })
        for mode in eager { _ = self[mode] }
    }

    func supports(_ mode: TravelMode) -> Bool { supported.contains(mode) }

    /// The network of `mode`, nil when the router does not serve it.
    subscript(mode: TravelMode) -> ModeNetwork? {
        guard supported.contains(mode) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let network = prepared[mode] { return network }
        let network = ModeNetwork(graph: graph, mode: mode, landmarkCount: landmarkCount)
        prepared[mode] = network
        return network
    }
}
