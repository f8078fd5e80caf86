public import NavCore

/// The routable road network: nodes, segments between consecutive way nodes, and two directed arcs per
/// segment (arc `2s` runs from the segment's first node to its second, arc `2s + 1` back).
///
/// Immutable, compact (flat arrays, no per-object allocation) and cheap to copy. Arrays are `package`
/// so the router can read them in its inner loops without accessor overhead.
public struct RoadGraph: Sendable {
    /// Segment attribute bits.
    public struct SegmentFlags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let toll = SegmentFlags(rawValue: 1)
        public static let ferry = SegmentFlags(rawValue: 2)
        public static let roundabout = SegmentFlags(rawValue: 4)
        /// Motorway or trunk class (including links).
        public static let highway = SegmentFlags(rawValue: 8)
        /// A copy made to model a turn restriction via a way; never a snapping target.
        public static let restrictionCopy = SegmentFlags(rawValue: 16)
    }

    /// A turn that may not be made: from one arc to another at the node between them.
    public struct TurnRestriction: Sendable, Hashable {
        public var fromArc: UInt32
        public var toArc: UInt32
        /// Travel-mode bits the restriction applies to.
        public var modes: UInt8

        public init(fromArc: UInt32, toArc: UInt32, modes: UInt8) {
            self.fromArc = fromArc
            self.toArc = toArc
            self.modes = modes
        }
    }

    package var latitudes: [Double]
    package var longitudes: [Double]
    package var nodeOSMIDs: [Int64]
    /// Node indices ordered by OSM id, for id look-ups by binary search.
    package var nodesByOSMID: [UInt32]

    /// Two node indices per segment: from, to.
    package var segmentEnds: [UInt32]
    package var segmentLengths: [Float]
    package var segmentWays: [UInt32]
    package var segmentFlags: [UInt8]
    package var segmentBicycleSpeeds: [Float]
    package var segmentFootSpeeds: [Float]

    /// Travel-mode bits per arc; 0 when nobody may use it.
    package var arcModes: [UInt8]
    /// Travel-mode bits per arc for which the arc is destination-only (`access=destination`, `private`, …, or
    /// behind such roads: ``DestinationOnlyZones``): a leg may use it only in its first and last stretch, never as
    /// through traffic (``ThroughTrafficRule``).
    package var arcRestrictedModes: [UInt8]
    /// Free-flow motor speed per arc in km/h.
    package var arcMotorSpeeds: [Float]
    /// Legal limit per arc in km/h, 0 when unknown.
    package var arcSpeedLimits: [Float]

    package var outOffsets: [UInt32]
    package var outArcs: [UInt32]
    package var inOffsets: [UInt32]
    package var inArcs: [UInt32]

    package var wayOSMIDs: [Int64]
    package var wayNames: [String]
    package var wayRefs: [String]
    package var wayClasses: [UInt8]
    /// Segments of way `w` are `waySegmentOffsets[w] ..< waySegmentOffsets[w + 1]`.
    package var waySegmentOffsets: [UInt32]
    package var waysByOSMID: [UInt32]

    /// Sorted by `fromArc`.
    package var restrictions: [TurnRestriction]
    /// Whether some restriction starts at the arc (so the search looks the arc up only then).
    package var arcHasRestriction: [Bool]

    /// Traffic lights and stop signs at road nodes.
    public package(set) var nodeAttributes = NodeAttributeTable()
    /// Nodes where roads run on beyond the edge of the map.
    public package(set) var mapEdges = MapEdgeTable()
    /// Turn restrictions that hold only at some times of the week, apart from the fixed ones.
    public package(set) var timedRestrictions = TimedTurnRestrictions()

    package init(
        latitudes: [Double], longitudes: [Double], nodeOSMIDs: [Int64], segmentEnds: [UInt32],
        segmentLengths: [Float], segmentWays: [UInt32], segmentFlags: [UInt8], segmentBicycleSpeeds: [Float],
        segmentFootSpeeds: [Float], arcModes: [UInt8], arcRestrictedModes: [UInt8], arcMotorSpeeds: [Float], arcSpeedLimits: [Float],
        wayOSMIDs: [Int64], wayNames: [String], wayRefs: [String], wayClasses: [UInt8], waySegmentOffsets: [UInt32],
        restrictions: [TurnRestriction]
    ) {
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.nodeOSMIDs = nodeOSMIDs
        self.segmentEnds = segmentEnds
        self.segmentLengths = segmentLengths
        self.segmentWays = segmentWays
        self.segmentFlags = segmentFlags
        self.segmentBicycleSpeeds = segmentBicycleSpeeds
        self.segmentFootSpeeds = segmentFootSpeeds
        self.arcModes = arcModes
        self.arcRestrictedModes = arcRestrictedModes
        self.arcMotorSpeeds = arcMotorSpeeds
        self.arcSpeedLimits = arcSpeedLimits
        self.wayOSMIDs = wayOSMIDs
        self.wayNames = wayNames
        self.wayRefs = wayRefs
        self.wayClasses = wayClasses
        self.waySegmentOffsets = waySegmentOffsets
        self.restrictions = restrictions.sorted { ($0.fromArc, $0.toArc) < ($1.fromArc, $1.toArc) }
        self.nodesByOSMID = nodeOSMIDs.indices.sorted { (nodeOSMIDs[$0], $0) < (nodeOSMIDs[$1], $1) }.map { UInt32($0) }
        self.waysByOSMID = wayOSMIDs.indices.sorted { wayOSMIDs[$0] < wayOSMIDs[$1] }.map { UInt32($0) }
        self.outOffsets = []
        self.outArcs = []
        self.inOffsets = []
        self.inArcs = []
        self.arcHasRestriction = Array(repeating: false, count: arcModes.count)
        for restriction in self.restrictions { arcHasRestriction[Int(restriction.fromArc)] = true }
        buildAdjacency()
    }

    private mutating func buildAdjacency() {
        let nodeCount = latitudes.count
        var outCount = [UInt32](repeating: 0, count: nodeCount + 1)
        var inCount = [UInt32](repeating: 0, count: nodeCount + 1)
        for arc in 0..<arcModes.count where arcModes[arc] != 0 {
            outCount[Int(tail(ofArc: arc)) + 1] += 1
            inCount[Int(head(ofArc: arc)) + 1] += 1
        }
        for i in 0..<nodeCount {
            outCount[i + 1] += outCount[i]
            inCount[i + 1] += inCount[i]
        }
        var outFill = outCount
        var inFill = inCount
        var outList = [UInt32](repeating: 0, count: Int(outCount[nodeCount]))
        var inList = [UInt32](repeating: 0, count: Int(inCount[nodeCount]))
        for arc in 0..<arcModes.count where arcModes[arc] != 0 {
            let t = Int(tail(ofArc: arc))
            let h = Int(head(ofArc: arc))
            outList[Int(outFill[t])] = UInt32(arc)
            outFill[t] += 1
            inList[Int(inFill[h])] = UInt32(arc)
            inFill[h] += 1
        }
        outOffsets = outCount
        inOffsets = inCount
        outArcs = outList
        inArcs = inList
    }

    // MARK: Sizes

    public var nodeCount: Int { latitudes.count }
    public var segmentCount: Int { segmentLengths.count }
    public var arcCount: Int { arcModes.count }
    public var wayCount: Int { wayOSMIDs.count }
    public var restrictionCount: Int { restrictions.count }

    // MARK: Nodes

    public func coordinate(ofNode node: Int) -> Coordinate {
        Coordinate(latitude: latitudes[node], longitude: longitudes[node])
    }

    public func osmID(ofNode node: Int) -> Int64 { nodeOSMIDs[node] }

    /// The graph node for an OSM node id, when the node is on a road.
    public func node(forOSMID id: Int64) -> Int? {
        Self.binarySearch(nodesByOSMID, id: id, ids: nodeOSMIDs)
    }

    /// Arcs leaving `node` (usable by at least one mode).
    public func outgoingArcs(ofNode node: Int) -> ArraySlice<UInt32> {
        outArcs[Int(outOffsets[node])..<Int(outOffsets[node + 1])]
    }

    /// Arcs entering `node`.
    public func incomingArcs(ofNode node: Int) -> ArraySlice<UInt32> {
        inArcs[Int(inOffsets[node])..<Int(inOffsets[node + 1])]
    }

    // MARK: Segments and arcs

    @inline(__always) public func tail(ofArc arc: Int) -> UInt32 { segmentEnds[arc] }
    @inline(__always) public func head(ofArc arc: Int) -> UInt32 { segmentEnds[arc ^ 1] }
    @inline(__always) public func segment(ofArc arc: Int) -> Int { arc >> 1 }

    public func lengthMeters(ofSegment segment: Int) -> Double { Double(segmentLengths[segment]) }
    public func flags(ofSegment segment: Int) -> SegmentFlags { SegmentFlags(rawValue: segmentFlags[segment]) }
    public func way(ofSegment segment: Int) -> Int { Int(segmentWays[segment]) }
    public func endpoints(ofSegment segment: Int) -> (from: Int, to: Int) {
        (Int(segmentEnds[2 * segment]), Int(segmentEnds[2 * segment + 1]))
    }

    /// Whether `mode` may travel along `arc`.
    @inline(__always) public func allows(_ mode: TravelMode, onArc arc: Int) -> Bool {
        arcModes[arc] & mode.bit != 0
    }

    /// Whether `arc` is destination-only for `mode`: usable at the ends of a leg, not as through traffic.
    @inline(__always) public func isRestricted(_ mode: TravelMode, onArc arc: Int) -> Bool {
        arcRestrictedModes[arc] & mode.bit != 0
    }

    /// Whether any arc is destination-only for `mode`.
    public func hasRestrictedArcs(for mode: TravelMode) -> Bool {
        arcRestrictedModes.contains { $0 & mode.bit != 0 }
    }

    /// Legal speed limit in m/s, `nil` when unknown.
    public func speedLimit(ofArc arc: Int) -> Double? {
        let kmh = arcSpeedLimits[arc]
        return kmh > 0 ? Double(kmh) / 3.6 : nil
    }

    /// Free-flow speed in m/s for `mode` on `arc`.
    public func speed(ofArc arc: Int, mode: TravelMode) -> Double {
        let kmh: Float
        switch mode {
        case .driving, .taxi, .twoWheeler: kmh = arcMotorSpeeds[arc]
        case .cycling: kmh = segmentBicycleSpeeds[arc >> 1]
        case .walking: kmh = segmentFootSpeeds[arc >> 1]
        }
        return Double(kmh) / 3.6
    }

    /// Whether any arc is usable by `mode`.
    public func supports(_ mode: TravelMode) -> Bool {
        arcModes.contains { $0 & mode.bit != 0 }
    }

    // MARK: Ways

    public func osmID(ofWay way: Int) -> Int64 { wayOSMIDs[way] }
    public func name(ofWay way: Int) -> String { wayNames[way] }
    public func ref(ofWay way: Int) -> String { wayRefs[way] }
    public func highwayClass(ofWay way: Int) -> HighwayClass { HighwayClass(rawValue: wayClasses[way]) ?? .road }

    /// The name people use for a way: its name, else its ref, else empty. A road with several numbers
    /// (OSM `ref=7;15`) reads as on its signs and in other routers' directions: "7/15".
    public func roadName(ofWay way: Int) -> String {
        guard wayNames[way].isEmpty else { return wayNames[way] }
        let ref = wayRefs[way]
        guard ref.contains(";") else { return ref }
        return ref.split(separator: ";").map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: "/")
    }

    public func segments(ofWay way: Int) -> Range<Int> {
        Int(waySegmentOffsets[way])..<Int(waySegmentOffsets[way + 1])
    }

    /// The graph way for an OSM way id, when that way is routable.
    public func way(forOSMID id: Int64) -> Int? {
        Self.binarySearch(waysByOSMID, id: id, ids: wayOSMIDs)
    }

    // MARK: Restrictions

    /// Whether turning from `fromArc` into `toArc` is forbidden for `mode`.
    @inline(__always) public func isTurnRestricted(from fromArc: Int, to toArc: Int, modeBit: UInt8) -> Bool {
        guard arcHasRestriction[fromArc] else { return false }
        var low = 0
        var high = restrictions.count
        let key = (UInt32(fromArc), UInt32(toArc))
        while low < high {
            let mid = (low + high) / 2
            let r = restrictions[mid]
            if (r.fromArc, r.toArc) < key { low = mid + 1 } else { high = mid }
        }
        while low < restrictions.count, restrictions[low].fromArc == key.0, restrictions[low].toArc == key.1 {
            if restrictions[low].modes & modeBit != 0 { return true }
            low += 1
        }
        return false
    }

    public var turnRestrictions: [TurnRestriction] { restrictions }

    private static func binarySearch(_ order: [UInt32], id: Int64, ids: [Int64]) -> Int? {
        var low = 0
        var high = order.count
        while low < high {
            let mid = (low + high) / 2
            if ids[Int(order[mid])] < id { low = mid + 1 } else { high = mid }
        }
        return low < order.count && ids[Int(order[low])] == id ? Int(order[low]) : nil
    }
}
