/// The road nodes where a road runs on beyond the edge of the map: an extract cut along a border keeps the part of
/// each way inside it, so the way's node list names nodes the file does not contain. At such a node the real
/// network goes on, and a trip can leave (or enter) the map there in the directions the way allows.
///
/// Kept sparse (only border nodes are listed) and sorted by node index so a look-up is a binary search.
public struct MapEdgeTable: Sendable, Equatable {
    /// Node indices, ascending.
    package private(set) var nodes: [UInt32]
    /// Per node: travel-mode bits (``TravelMode/bit``) that may drive on from the node out of the map.
    package private(set) var exitModes: [UInt8]
    /// Per node: travel-mode bits that may come from beyond the map's edge into the node.
    package private(set) var entryModes: [UInt8]

    public init() {
        nodes = []
        exitModes = []
        entryModes = []
    }

    /// A table from per-node exit and entry modes; nodes with neither are left out.
    public init(_ edges: [UInt32: (exits: UInt8, entries: UInt8)]) {
        let sorted = edges.filter { $0.value.exits | $0.value.entries != 0 }.sorted { $0.key < $1.key }
        nodes = sorted.map(\.key)
        exitModes = sorted.map(\.value.exits)
        entryModes = sorted.map(\.value.entries)
    }

    /// The table as stored in a graph file; `nil` when the arrays do not fit together or exceed `nodeCount`.
    package init?(nodes: [UInt32], exitModes: [UInt8], entryModes: [UInt8], nodeCount: Int) {
        guard nodes.count == exitModes.count, nodes.count == entryModes.count,
            zip(nodes, nodes.dropFirst()).allSatisfy({ $0 < $1 }), nodes.allSatisfy({ Int($0) < nodeCount })
        else { return nil }
        self.nodes = nodes
        self.exitModes = exitModes
        self.entryModes = entryModes
    }

    /// How many nodes lie on the map's edge.
    public var count: Int { nodes.count }

    /// Travel-mode bits that may leave the map at `node` (0 for nodes inside it).
    public func exits(atNode node: Int) -> UInt8 {
        index(of: node).map { exitModes[$0] } ?? 0
    }

    /// Travel-mode bits that may enter the map at `node` (0 for nodes inside it).
    public func entries(atNode node: Int) -> UInt8 {
        index(of: node).map { entryModes[$0] } ?? 0
    }

    private func index(of node: Int) -> Int? {
        var low = 0
        var high = nodes.count
        while low < high {
            let mid = (low + high) / 2
            if Int(nodes[mid]) < node { low = mid + 1 } else { high = mid }
        }
        return low < nodes.count && Int(nodes[low]) == node ? low : nil
    }
}
