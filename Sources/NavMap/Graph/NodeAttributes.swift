/// What stands at a road node that a driver sees on the map: the OSM `highway=traffic_signals` and `highway=stop`
/// node tags.
public struct NodeAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `highway=traffic_signals`: traffic lights.
    public static let trafficSignals = NodeAttributes(rawValue: 1)
    /// `highway=stop`: a stop sign.
    public static let stop = NodeAttributes(rawValue: 2)

    /// The attributes an OSM node's `highway` tag value stands for.
    public init(highwayTag value: String?) {
        switch value {
        case "traffic_signals": self = .trafficSignals
        case "stop": self = .stop
        default: self = []
        }
    }
}

/// The few road nodes that carry ``NodeAttributes``, kept sparse (most nodes carry none) and sorted by node index
/// so a look-up is a binary search.
public struct NodeAttributeTable: Sendable, Equatable {
    /// Node indices, ascending.
    package private(set) var nodes: [UInt32]
    /// The attribute bits of `nodes[i]`.
    package private(set) var bits: [UInt8]

    public init() {
        nodes = []
        bits = []
    }

    /// A table from node indices and their attributes; nodes without attributes are left out.
    public init(_ attributes: [UInt32: NodeAttributes]) {
        let sorted = attributes.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }
        nodes = sorted.map(\.key)
        bits = sorted.map(\.value.rawValue)
    }

    /// The table as stored in a graph file; `nil` when the arrays do not fit together or exceed `nodeCount`.
    package init?(nodes: [UInt32], bits: [UInt8], nodeCount: Int) {
        guard nodes.count == bits.count, zip(nodes, nodes.dropFirst()).allSatisfy({ $0 < $1 }),
            nodes.allSatisfy({ Int($0) < nodeCount })
        else { return nil }
        self.nodes = nodes
        self.bits = bits
    }

    /// How many nodes carry an attribute.
    public var count: Int { nodes.count }

    /// The attributes of `node`, empty for most nodes.
    public func attributes(ofNode node: Int) -> NodeAttributes {
        var low = 0
        var high = nodes.count
        while low < high {
            let mid = (low + high) / 2
            if Int(nodes[mid]) < node { low = mid + 1 } else { high = mid }
        }
        return low < nodes.count && Int(nodes[low]) == node ? NodeAttributes(rawValue: bits[low]) : []
    }

    /// The nodes that carry every attribute in `attributes`, ascending.
    public func nodes(with attributes: NodeAttributes) -> [Int] {
        zip(nodes, bits).compactMap { NodeAttributes(rawValue: $1).isSuperset(of: attributes) ? Int($0) : nil }
    }
}
