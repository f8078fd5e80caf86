import NavCore

/// A deterministic city-like road network for tests and scale measurements: a jittered street grid
/// (about 100 m blocks) with named streets, arterial avenues every tenth row and column, alternating
/// one-way streets, a river down the middle crossed only by the avenues, a tolled motorway, and a ferry.
public struct SyntheticNetwork: Sendable {
    public let nodeCount: Int
    public let seed: UInt64
    /// Grid side length in nodes.
    public let side: Int

    public static let originLatitude = 60.0
    public static let originLongitude = 25.0
    public static let blockMeters = 100.0

    /// - Parameters:
    ///   - nodeCount: approximate number of intersections (rounded up to a square grid, at least 16x16).
    ///   - seed: same seed, same network.
    public init(nodeCount: Int, seed: UInt64 = 1) {
        self.side = max(16, Int(Double(nodeCount).squareRoot().rounded(.up)))
        self.nodeCount = side * side
        self.seed = seed
    }

    /// The column left of the river.
    public var riverColumn: Int { side / 2 }
    public var motorwayRow: Int { side / 3 + (side / 3 % 10 == 0 ? 1 : 0) }
    public var ferryRow: Int { 2 * side / 3 + (2 * side / 3 % 10 == 0 ? 1 : 0) }

    public func nodeID(row: Int, column: Int) -> Int64 { Int64(row * side + column + 1) }

    /// The network as OSM data (nodes, ways with tags).
    public func osmData() -> OSMData {
        var random = SeededGenerator(seed: seed)
        let metersPerDegreeLatitude = 111_195.0
        let metersPerDegreeLongitude = metersPerDegreeLatitude * 0.5  // cos 60°
        var nodes: [Int64: OSMData.Node] = [:]
        nodes.reserveCapacity(nodeCount + 2)
        for row in 0..<side {
            for column in 0..<side {
                let jitterX = (random.nextUnit() - 0.5) * 20
                let jitterY = (random.nextUnit() - 0.5) * 20
                let x = Double(column) * Self.blockMeters + jitterX
                let y = Double(row) * Self.blockMeters + jitterY
                nodes[nodeID(row: row, column: column)] = OSMData.Node(
                    latitude: Self.originLatitude + y / metersPerDegreeLatitude,
                    longitude: Self.originLongitude + x / metersPerDegreeLongitude)
            }
        }
        var ways: [OSMData.Way] = []
        var wayID: Int64 = 1
        func addWay(_ refs: [Int64], _ tags: [String: String]) {
            guard refs.count >= 2 else { return }
            ways.append(OSMData.Way(id: wayID, nodeIDs: refs, tags: tags))
            wayID += 1
        }
        for row in 0..<side {
            let refs = (0..<side).map { nodeID(row: row, column: $0) }
            var tags: [String: String]
            let arterial = row % 10 == 0
            if row == motorwayRow {
                tags = [
                    "highway": "motorway", "name": "Toll Motorway", "ref": "M1", "toll": "yes", "oneway": "no",
                    "maxspeed": "100",
                ]
            } else if arterial {
                tags = ["highway": "primary", "name": "Avenue \(row / 10)", "maxspeed": "50"]
            } else {
                tags = ["highway": "residential", "name": "Street \(row)"]
                if row % 4 == 1 { tags["oneway"] = "yes" }
                if row % 4 == 3 { tags["oneway"] = "-1" }
            }
            if arterial || row == motorwayRow {
                addWay(refs, tags)
            } else {
                addWay(Array(refs[...riverColumn]), tags)
                addWay(Array(refs[(riverColumn + 1)...]), tags)
            }
        }
        for column in 0..<side {
            let refs = (0..<side).map { nodeID(row: $0, column: column) }
            if column % 10 == 0 {
                addWay(refs, ["highway": "secondary", "name": "Boulevard \(column / 10)", "maxspeed": "40"])
            } else {
                addWay(refs, ["highway": "residential", "name": "Lane \(column)"])
            }
        }
        addWay(
            [nodeID(row: ferryRow, column: riverColumn), nodeID(row: ferryRow, column: riverColumn + 1)],
            ["route": "ferry", "name": "River Ferry", "motor_vehicle": "yes", "foot": "yes", "bicycle": "yes"])
        return OSMData(nodes: nodes, ways: ways)
    }

    /// The network as a road graph.
    public func graph() throws -> RoadGraph {
        try RoadGraphBuilder.build(osmData(), source: "synthetic(\(nodeCount), seed \(seed))")
    }

    /// The network as OSM XML text (for tests of the importer on generated input).
    public func osmXML() -> String {
        OSMXMLWriter.xml(for: osmData())
    }
}
