import Synchronization

/// Per-query scratch memory, reused across queries so a search costs time in proportion to the states
/// it touches rather than to the size of the graph (labels are invalidated by bumping a stamp).
/// A struct passed `inout`, so the inner loops pay no dynamic exclusivity checks.
struct SearchWorkspace {
    var forwardCost: [Int]
    var backwardCost: [Int]
    var forwardParent: [UInt32]
    var backwardParent: [UInt32]
    var forwardStamp: [UInt32]
    var backwardStamp: [UInt32]
    var potential: [Int]
    var potentialStamp: [UInt32]
    var stamp: UInt32 = 0
    var forwardHeap = BinaryHeap()
    var backwardHeap = BinaryHeap()
    /// Labels of the hierarchy search, made on first use.
    var hierarchyLabels: HierarchyLabels?

    /// - Parameter stateCount: search states (``ModeNetwork/stateCount``): arcs plus destination-only arcs.
    init(stateCount: Int, nodeCount: Int) {
        forwardCost = [Int](repeating: 0, count: stateCount)
        backwardCost = [Int](repeating: 0, count: stateCount)
        forwardParent = [UInt32](repeating: 0, count: stateCount)
        backwardParent = [UInt32](repeating: 0, count: stateCount)
        forwardStamp = [UInt32](repeating: 0, count: stateCount)
        backwardStamp = [UInt32](repeating: 0, count: stateCount)
        potential = [Int](repeating: 0, count: nodeCount)
        potentialStamp = [UInt32](repeating: 0, count: nodeCount)
    }

    mutating func reset() {
        stamp &+= 1
        if stamp == 0 {
            for i in forwardStamp.indices {
                forwardStamp[i] = 0
                backwardStamp[i] = 0
            }
            for i in potentialStamp.indices { potentialStamp[i] = 0 }
            stamp = 1
        }
        forwardHeap.removeAll()
        backwardHeap.removeAll()
    }
}

/// Hands out workspaces to concurrent queries. The mutex guards only the free list; a workspace is taken out
/// of it for one query at a time, so no two threads ever share one.
final class WorkspacePool: Sendable {
    private let free = Mutex<[SearchWorkspace]>([])
    private let stateCount: Int
    private let nodeCount: Int

    init(stateCount: Int, nodeCount: Int) {
        self.stateCount = stateCount
        self.nodeCount = nodeCount
    }

    func withWorkspace<T>(_ body: (inout SearchWorkspace) throws -> T) rethrows -> T {
        var workspace =
            free.withLock { $0.popLast() } ?? SearchWorkspace(stateCount: stateCount, nodeCount: nodeCount)
        defer { free.withLock { [workspace] in $0.append(workspace) } }
        workspace.reset()
        return try body(&workspace)
    }
}
