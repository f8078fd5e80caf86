import Foundation
import NavCore

/// A deterministic region with a road hierarchy, for scale measurements closer to real extracts than a
/// uniform grid: 1 km superblocks bounded by two-way arterials (primary every other one, else secondary),
/// each holding a residential pocket of 100 m blocks that meets its arterials at only two entries per side,
/// with streets missing at random (dead ends) and every third pocket one-way; grade-separated motorways
/// every 10 km, joined to the arterials by link roads every 3 km (the first one tolled). Optionally a share of
/// the pockets are gated estates: their inner streets are destination-only for motor vehicles
/// (`motor_vehicle=destination`), their entries stay open.
///
/// ``Features`` add what real road networks have beyond that: motorways as two one-way carriageways with
/// one-way exit and entry ramps, a collector road through every pocket, cul-de-sacs, traffic signals where
/// arterials cross. `navbus-bench generate` writes them all (``Features/realistic``); tests and the in-process
/// benchmark keep the plain network unless they ask, so their figures stay comparable between rounds.
///
/// The network streams to an ``OSMElementSink`` so that ten million nodes can be written as OSM XML
/// without holding them (``writeOSMXML(to:)``); ``osmData()`` collects a small one in memory.
public struct RegionalNetwork: Sendable {
    /// What the network has beyond arterials, pockets and single-carriageway motorways.
    public struct Features: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Each motorway is two one-way carriageways 20 m apart; every interchange has, per carriageway, a
        /// one-way exit ramp to the arterial and a one-way entry ramp back on downstream.
        public static let dualCarriageways = Features(rawValue: 1)
        /// The middle street of every pocket is a two-way `tertiary` collector, never missing, that meets
        /// the arterials at both ends.
        public static let collectors = Features(rawValue: 2)
        /// About one pocket intersection in 25 has a 60 m dead-end spur ending in a turning circle.
        public static let culDeSacs = Features(rawValue: 4)
        /// Traffic signals (`highway=traffic_signals`) where two arterials cross.
        public static let trafficSignals = Features(rawValue: 8)
        public static let realistic: Features = [.dualCarriageways, .collectors, .culDeSacs, .trafficSignals]
    }

    public let seed: UInt64
    /// Side length in blocks (grid positions).
    public let side: Int
    /// Share of the pockets whose inner streets are destination-only for motor vehicles.
    public let gatedShare: Double
    public let features: Features

    static let superblock = 10
    static let motorwaySpacing = 100
    static let interchangeSpacing = 30
    /// Probability that a residential street segment is missing.
    static let missingStreet = 0.12

    /// - Parameters:
    ///   - nodeCount: approximate number of intersections (at least 40 × 40).
    ///   - seed: same seed, same network.
    ///   - gatedShare: share of the pockets that are gated estates (0 by default).
    ///   - features: what the network has beyond the plain one (none by default).
    public init(nodeCount: Int, seed: UInt64 = 1, gatedShare: Double = 0, features: Features = []) {
        self.side = max(40, Int(Double(nodeCount).squareRoot().rounded(.up)))
        self.seed = seed
        self.gatedShare = gatedShare
        self.features = features
    }

    /// The south-west and north-east corners the network lies within (jitter and motorways included).
    public var bounds: BoundingBox {
        let metersPerDegreeLatitude = 111_195.0
        let metersPerDegreeLongitude = metersPerDegreeLatitude * cos(SyntheticNetwork.originLatitude * .pi / 180)
        let extent = Double(side) * SyntheticNetwork.blockMeters + 100
        return BoundingBox(
            minLatitude: SyntheticNetwork.originLatitude - 100 / metersPerDegreeLatitude,
            minLongitude: SyntheticNetwork.originLongitude - 100 / metersPerDegreeLongitude,
            maxLatitude: SyntheticNetwork.originLatitude + extent / metersPerDegreeLatitude,
            maxLongitude: SyntheticNetwork.originLongitude + extent / metersPerDegreeLongitude)
    }

    private func isCollector(_ row: Int) -> Bool {
        features.contains(.collectors) && row % Self.superblock == Self.superblock / 2
    }

    /// Whether the pocket intersection at (row, column) has a cul-de-sac spur.
    private func hasCulDeSac(row: Int, column: Int) -> Bool {
        guard features.contains(.culDeSacs), !isArterial(row), !isArterial(column) else { return false }
        var random = SeededGenerator(seed: seed &* 0x2545_F491 ^ UInt64(row * side + column) &* 0x9E37_79B9)
        return random.nextUnit() < 0.04
    }

    /// Intersections of the street grid (motorway nodes come on top).
    public var gridNodeCount: Int { side * side }

    public func gridNodeID(row: Int, column: Int) -> Int64 { Int64(row * side + column + 1) }

    private func isArterial(_ index: Int) -> Bool { index % Self.superblock == 0 }

    /// Whether the pocket street from (row, column) one step east (or north) exists: the seeded coin is
    /// drawn from the position, so that the answer does not depend on the order of questions.
    private func streetExists(row: Int, column: Int, northward: Bool) -> Bool {
        if !northward && isCollector(row) { return true }
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 ^ UInt64(row * side + column) << 1 | (northward ? 1 : 0))
        return random.nextUnit() >= Self.missingStreet
    }

    /// Emits every node, then every way, to `sink`.
    public func emit(to sink: inout some OSMElementSink) {
        let metersPerDegreeLatitude = 111_195.0
        let metersPerDegreeLongitude = metersPerDegreeLatitude * cos(SyntheticNetwork.originLatitude * .pi / 180)
        func coordinate(x: Double, y: Double) -> (Double, Double) {
            (
                SyntheticNetwork.originLatitude + y / metersPerDegreeLatitude,
                SyntheticNetwork.originLongitude + x / metersPerDegreeLongitude
            )
        }
        var jitter = SeededGenerator(seed: seed)
        for row in 0..<side {
            for column in 0..<side {
                let dx = isArterial(column) ? 0 : (jitter.nextUnit() - 0.5) * 20
                let dy = isArterial(row) ? 0 : (jitter.nextUnit() - 0.5) * 20
                let (lat, lon) = coordinate(
                    x: Double(column) * SyntheticNetwork.blockMeters + dx, y: Double(row) * SyntheticNetwork.blockMeters + dy)
                let signals = features.contains(.trafficSignals) && isArterial(row) && isArterial(column)
                sink.node(
                    id: gridNodeID(row: row, column: column), latitude: lat, longitude: lon,
                    tags: signals ? ["highway": "traffic_signals"] : [:])
            }
        }
        // Motorway nodes every 5 blocks, 40 m beside the arterial they follow (dual carriageways at 30 and 50 m).
        let motorways = motorwayLines()
        let carriageways = features.contains(.dualCarriageways) ? [30.0, 50.0] : [40.0]
        var motorwayNodes: [[[Int64]]] = []
        var nextID = Int64(side * side + 1)
        for line in motorways {
            var lines: [[Int64]] = []
            for offset in carriageways {
                var ids: [Int64] = []
                for step in stride(from: 0, to: side, by: 5) {
                    let along = Double(step) * SyntheticNetwork.blockMeters
                    let across = Double(line.index) * SyntheticNetwork.blockMeters + offset
                    let (lat, lon) = line.horizontal ? coordinate(x: along, y: across) : coordinate(x: across, y: along)
                    sink.node(id: nextID, latitude: lat, longitude: lon, tags: [:])
                    ids.append(nextID)
                    nextID += 1
                }
                lines.append(ids)
            }
            motorwayNodes.append(lines)
        }
        // Cul-de-sac ends, 60 m from their pocket intersection, in the order the ways below visit them.
        let firstCulDeSac = nextID
        for row in 0..<side {
            for column in 0..<side where hasCulDeSac(row: row, column: column) {
                let (lat, lon) = coordinate(
                    x: Double(column) * SyntheticNetwork.blockMeters + 42,
                    y: Double(row) * SyntheticNetwork.blockMeters + 42)
                sink.node(id: nextID, latitude: lat, longitude: lon, tags: ["highway": "turning_circle"])
                nextID += 1
            }
        }

        var wayID: Int64 = 1
        func way(_ refs: [Int64], _ tags: [String: String]) {
            guard refs.count >= 2 else { return }
            sink.way(id: wayID, nodeIDs: refs, tags: tags)
            wayID += 1
        }
        for index in stride(from: 0, to: side, by: Self.superblock) {
            let primary = index / Self.superblock % 2 == 0
            let tags: [String: String] = [
                "highway": primary ? "primary" : "secondary", "maxspeed": primary ? "60" : "50",
            ]
            way(
                (0..<side).map { gridNodeID(row: index, column: $0) },
                tags.merging(["name": "Avenue \(index / Self.superblock)"]) { a, _ in a })
            way(
                (0..<side).map { gridNodeID(row: $0, column: index) },
                tags.merging(["name": "Boulevard \(index / Self.superblock)"]) { a, _ in a })
        }
        // Pocket streets: runs of existing segments along each row and column inside a superblock.
        for row in 0..<side where !isArterial(row) {
            var run: [Int64] = []
            for column in 0..<side {
                let inside = !isArterial(column)
                if inside { run.append(gridNodeID(row: row, column: column)) }
                let continues =
                    inside && column + 1 < side && !isArterial(column + 1)
                    && streetExists(row: row, column: column, northward: false)
                if !continues {
                    if isCollector(row) {
                        way(run, ["highway": "tertiary", "name": "Collector \(row)", "maxspeed": "40"])
                    } else {
                        way(run, pocketTags(row: row, column: column, name: "Street \(row)"))
                    }
                    run.removeAll(keepingCapacity: true)
                }
            }
        }
        for column in 0..<side where !isArterial(column) {
            var run: [Int64] = []
            for row in 0..<side {
                let inside = !isArterial(row)
                if inside { run.append(gridNodeID(row: row, column: column)) }
                let continues =
                    inside && row + 1 < side && !isArterial(row + 1)
                    && streetExists(row: row, column: column, northward: true)
                if !continues {
                    way(run, gated(["highway": "residential", "name": "Lane \(column)"], row: row, column: column))
                    run.removeAll(keepingCapacity: true)
                }
            }
        }
        var culDeSac = firstCulDeSac
        for row in 0..<side {
            for column in 0..<side where hasCulDeSac(row: row, column: column) {
                way([gridNodeID(row: row, column: column), culDeSac], gated(
                    ["highway": "residential", "name": "Close \(row)-\(column)"], row: row, column: column))
                culDeSac += 1
            }
        }
        // Collectors meet the arterials at both ends of their pocket.
        for row in 0..<side where isCollector(row) {
            for arterial in stride(from: 0, to: side, by: Self.superblock) {
                for inner in [arterial - 1, arterial + 1] where inner >= 0 && inner < side && !isArterial(inner) {
                    way(
                        [gridNodeID(row: row, column: arterial), gridNodeID(row: row, column: inner)],
                        ["highway": "tertiary", "name": "Collector \(row)", "maxspeed": "40"])
                }
            }
        }
        // Two entries per pocket side, at the third and seventh block.
        for block in stride(from: 0, to: side, by: Self.superblock) {
            for entry in [3, 7] where block + entry < side {
                let line = block + entry
                for arterial in stride(from: 0, to: side, by: Self.superblock) {
                    for (inner, outer) in [(arterial + 1, arterial), (arterial - 1, arterial)]
                    where inner >= 0 && inner < side && !isArterial(inner) {
                        let tags = ["highway": "residential", "name": "Entry \(line)-\(inner)"]
                        way([gridNodeID(row: line, column: outer), gridNodeID(row: line, column: inner)], tags)
                        way([gridNodeID(row: outer, column: line), gridNodeID(row: inner, column: line)], tags)
                    }
                }
            }
        }
        for (number, line) in motorways.enumerated() {
            let lines = motorwayNodes[number]
            let dual = lines.count == 2
            var tags = ["highway": "motorway", "ref": "E\(number + 1)", "maxspeed": "100", "oneway": dual ? "yes" : "no"]
            if number == 0 { tags["toll"] = "yes" }
            for (carriageway, ids) in lines.enumerated() {
                // The second carriageway runs the other way: its nodes in driving order are listed backwards.
                let backwards = carriageway == 1
                let driving = backwards ? Array(ids.reversed()) : ids
                func junction(_ index: Int) -> Int64 {
                    let at = 5 * (backwards ? ids.count - 1 - index : index)
                    return line.horizontal
                        ? gridNodeID(row: line.index, column: at) : gridNodeID(row: at, column: line.index)
                }
                func isInterchange(_ index: Int) -> Bool {
                    (5 * (backwards ? ids.count - 1 - index : index)) % Self.interchangeSpacing == 0
                }
                way(driving, tags)
                guard dual else {
                    for index in driving.indices where isInterchange(index) {
                        way([driving[index], junction(index)], ["highway": "motorway_link", "oneway": "no", "maxspeed": "60"])
                    }
                    continue
                }
                let ramp = ["highway": "motorway_link", "oneway": "yes", "maxspeed": "60"]
                for index in driving.indices where isInterchange(index) {
                    way([driving[index], junction(index)], ramp)
                    // Back on at the next node downstream, where there is one.
                    if index + 1 < driving.count { way([junction(index), driving[index + 1]], ramp) }
                }
                // Each carriageway begins and ends at the arterial, so that it neither starts nor ends in a dead end.
                way([junction(0), driving[0]], ramp)
                if let last = driving.indices.last, !isInterchange(last) { way([driving[last], junction(last)], ramp) }
            }
        }
    }

    private func pocketTags(row: Int, column: Int, name: String) -> [String: String] {
        let pocket = (row / Self.superblock) + (column / Self.superblock)
        var tags = ["highway": "residential", "name": name]
        if pocket % 3 == 0 { tags["oneway"] = row % 2 == 0 ? "yes" : "-1" }
        return gated(tags, row: row, column: column)
    }

    /// The tags of an inner street at (row, column), destination-only when its pocket is a gated estate; the
    /// coin is drawn from the pocket's position, like ``streetExists(row:column:northward:)``.
    private func gated(_ tags: [String: String], row: Int, column: Int) -> [String: String] {
        guard gatedShare > 0 else { return tags }
        let pocket = UInt64(row / Self.superblock * side + column / Self.superblock)
        var random = SeededGenerator(seed: seed &* 0x51_7CC1 ^ pocket &* 0x2545_F491)
        guard random.nextUnit() < gatedShare else { return tags }
        return tags.merging(["motor_vehicle": "destination"]) { _, gate in gate }
    }

    private func motorwayLines() -> [(index: Int, horizontal: Bool)] {
        let indices = Array(stride(from: Self.motorwaySpacing / 2, to: side, by: Self.motorwaySpacing))
            .map { $0 - $0 % Self.superblock }
        return indices.map { ($0, true) } + indices.map { ($0, false) }
    }

    /// The network as OSM data in memory.
    public func osmData() -> OSMData {
        var collector = OSMDataCollector()
        emit(to: &collector)
        return collector.data
    }

    /// The network as a road graph.
    public func graph() throws -> RoadGraph {
        try RoadGraphBuilder.build(osmData(), source: "regional(\(gridNodeCount), seed \(seed))")
    }

    /// Writes the network as OSM XML to `path`, streaming.
    /// - Throws: ``MapError`` (`ioFailure`) when the file cannot be written.
    public func writeOSMXML(to path: String) throws {
        var writer = try OSMXMLStreamWriter(path: path, bounds: bounds)
        emit(to: &writer)
        try writer.finish()
    }
}
