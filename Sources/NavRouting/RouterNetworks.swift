import Dispatch
public import NavCore
import NavMap
import Synchronization

/// How much of a ``Router``'s per-mode set-up happens before its initializer returns.
public enum RouterPreparation: Sendable {
    /// Every travel mode's network and landmark tables are prepared in the initializer.
    case upFront
    /// The initializer returns at once: the network of `first` is prepared in the background straight away;
    /// the other modes' follow once the router has answered its first request (or after
    /// ``RouterNetworks/firstAnswerWait`` without one), so that they do not compete with loading the map and
    /// with that answer for the cores; then the landmark tables. A request for a mode not prepared yet
    /// prepares it on the spot. Until a mode's landmarks are there, its searches run without their bounds (exact, only
    /// slower): the contraction hierarchy answers without them. At a million nodes this takes the five modes'
    /// set-up (seconds) out of a navigator's start.
    case inBackground(first: TravelMode)
}

/// The router's per-mode networks (``ModeNetwork``), prepared up front or on demand.
final class RouterNetworks: Sendable {
    let graph: RoadGraph
    private let landmarkCount: Int
    private let slots: [TravelMode: Slot]
    /// Connectivity saved with the map (``ModeNetworkFile``), by mode.
    private let savedConnectivity: [TravelMode: ModeConnectivity]
    /// Set when the router goes away, so that background preparation stops early.
    private let abandoned = Atomic<Bool>(false)
    private let backgroundDone = Mutex<Bool>(false)
    private let backgroundFinished = DispatchSemaphore(value: 0)
    private let hasBackgroundWork: Bool
    private let firstAnswer = DispatchSemaphore(value: 0)
    private let answered = Atomic<Bool>(false)
    /// The turn costs every mode's network shares, worked out with the first network (not in the initializer,
    /// which returns at once for background preparation).
    private let sharedTurns = Mutex<TurnCosts?>(nil)

    /// How long the background preparation waits for a first answer before it prepares the other modes anyway.
    static let firstAnswerWait = 5.0

    private final class Slot: Sendable {
        let network = Mutex<ModeNetwork?>(nil)
    }

    init(
        graph: RoadGraph, modes: [TravelMode], landmarkCount: Int, preparation: RouterPreparation,
        connectivity: [TravelMode: ModeConnectivity] = [:], turns: TurnCosts? = nil
    ) {
        self.graph = graph
        self.landmarkCount = landmarkCount
        self.savedConnectivity = connectivity
        sharedTurns.withLock { $0 = turns }
        var slots: [TravelMode: Slot] = [:]
        for mode in modes where graph.supports(mode) { slots[mode] = Slot() }
        self.slots = slots
        switch preparation {
        case .upFront:
            hasBackgroundWork = false
            for (mode, slot) in slots {
                let turns = turnCosts()
                slot.network.withLock {
                    $0 = ModeNetwork(
                        graph: graph, mode: mode, landmarkCount: landmarkCount, turns: turns,
                        connectivity: connectivity[mode])
                }
            }
        case .inBackground(let first):
            hasBackgroundWork = true
            let order = modes.filter { $0 == first } + modes.filter { $0 != first }
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                prepareInBackground(order: order)
            }
        }
    }

    /// Modes the router was asked for and the graph has roads for.
    func supports(_ mode: TravelMode) -> Bool { slots[mode] != nil }

    /// An upper bound of every mode's ``ModeNetwork/stateCount`` (arcs plus destination-only arcs), known
    /// before any network is prepared.
    var stateCountBound: Int {
        graph.arcCount + graph.arcRestrictedModes.reduce(0) { $0 + ($1 == 0 ? 0 : 1) }
    }

    /// The network of `mode`, prepared now (without landmarks) if it is not yet; nil for modes not supported.
    func network(for mode: TravelMode) -> ModeNetwork? {
        guard let slot = slots[mode] else { return nil }
        return slot.network.withLock { network in
            if let network { return network }
            // Requests for this mode wait here for the one preparation instead of each preparing its own.
            let prepared = ModeNetwork(
                graph: graph, mode: mode, landmarkCount: 0, turns: turnCosts(), connectivity: savedConnectivity[mode])
            network = prepared
            return prepared
        }
    }

    private func turnCosts() -> TurnCosts {
        sharedTurns.withLock { turns in
            if let turns { return turns }
            let computed = TurnCosts(graph: graph)
            turns = computed
            return computed
        }
    }

    /// Whether the background preparation (networks and landmark tables) has ended.
    var isPrepared: Bool { !hasBackgroundWork || backgroundDone.withLock { $0 } }

    /// Waits for the background preparation to end (at once for `upFront`).
    /// - Returns: false when it had not ended within `seconds`.
    func waitUntilPrepared(seconds: Double) -> Bool {
        guard hasBackgroundWork, !backgroundDone.withLock({ $0 }) else { return true }
        let deadline: DispatchTime = seconds.isFinite ? .now() + seconds : .distantFuture
        guard backgroundFinished.wait(timeout: deadline) == .success else { return false }
        // Passed on, so that every other waiter wakes as well.
        backgroundFinished.signal()
        return true
    }

    func abandon() { abandoned.store(true, ordering: .relaxed) }

    /// Called when the router has answered a request: the other modes' preparation may start.
    func noteAnswer() {
        if !answered.exchange(true, ordering: .relaxed) { firstAnswer.signal() }
    }

    private func prepareInBackground(order: [TravelMode]) {
        defer {
            backgroundDone.withLock { $0 = true }
            backgroundFinished.signal()
        }
        for (index, mode) in order.enumerated() {
            if index == 1 { _ = firstAnswer.wait(timeout: .now() + Self.firstAnswerWait) }
            guard !abandoned.load(ordering: .relaxed) else { return }
            _ = network(for: mode)
        }
        guard landmarkCount > 0 else { return }
        for mode in order {
            guard !abandoned.load(ordering: .relaxed), let slot = slots[mode], let network = network(for: mode) else {
                continue
            }
            // Computed outside the lock: requests keep using the network without bounds meanwhile.
            let withLandmarks = network.withLandmarks(count: landmarkCount, graph: graph)
            slot.network.withLock { $0 = withLandmarks }
        }
    }
}
