import Foundation
import NavCore
import NavMap

/// What a turn costs a motor vehicle, in the search's milliseconds: the time lost slowing down to turn, waiting
/// for a gap in the oncoming traffic, turning round, and standing at traffic signals. Without it the fastest path
/// is indifferent to turns and zig-zags through a grid of equally fast streets where a driver keeps straight on.
///
/// The model and its figures are those of OSRM's car profile (`car.lua`, the reference `make eval` measures
/// against; Valhalla's auto costing prices the same things with other figures):
/// - a turn at an intersection (a node where more than two roads the mode may use meet; where a road merely bends
///   there is nothing to turn into) costs up to 7.5 s by its angle, along a logistic curve fitted to real
///   driving, with a bias of 1.075 that makes a turn across the oncoming traffic (a left turn where traffic keeps
///   to the right, as in the Nordic countries the sample maps are from) dearer than the same turn the other way:
///   about 5.4 s for a right-angled left turn, 2.1 s for a right turn, nothing for straight on;
/// - turning round, which the search allows only where nothing else is possible, 20 s more;
/// - passing a node tagged `highway=traffic_signals`, 2 s.
///
/// Cycling and walking are not priced: a bicycle or a pedestrian loses little at a turn, and their searches stay
/// as they were.
///
/// Angles come from the roads' directions about 10 m before and after the node (``lookAheadMeters``), not from the
/// last few metres of the segments, which at a kerb radius or a mapped crossing can point anywhere.
struct TurnCosts: Sendable {
    /// The greatest angle cost, seconds.
    static let maximumTurnSeconds = 7.5
    /// How much dearer a turn across the oncoming traffic is than the same turn away from it.
    static let sideBias = 1.075
    /// Added to the angle cost for turning round.
    static let uTurnSeconds = 20.0
    /// Passing a traffic signal.
    static let trafficSignalSeconds = 2.0
    /// How far along each road its direction at a node is taken from.
    static let lookAheadMeters = 10.0

    /// Per arc, the direction it sets off in from its tail, in 256ths of a full circle clockwise from north.
    let departure: [UInt8]
    /// Per arc, the direction it arrives in at its head.
    let arrival: [UInt8]
    /// Per node: the ``TravelMode/bit`` of every mode for which the node is an intersection, and
    /// ``Self.signalBit`` at a traffic signal.
    let nodeBits: [UInt8]

    /// The angle cost in milliseconds by the turn's angle in 256ths of a circle (0 straight on, rising to the
    /// right, 128 turning round).
    private let byAngle: [Int32]
    private let uTurnMilliseconds: Int
    private let signalMilliseconds: Int

    /// Not a mode bit (those are the low five).
    private static let signalBit: UInt8 = 0x80

    /// Raised whenever what ``departure``, ``arrival`` or ``nodeBits`` mean changes (how angles or intersections
    /// are found), so that turn costs saved with a map (``ModeNetworkFile``) by another build are worked out again.
    static let geometryVersion: UInt32 = 1

    /// Turn costs saved earlier: the arrays as this type works them out, for a graph of `arcCount` arcs and
    /// `nodeCount` nodes; nil when they do not fit it.
    init?(departure: [UInt8], arrival: [UInt8], nodeBits: [UInt8], arcCount: Int, nodeCount: Int) {
        guard departure.count == arcCount, arrival.count == arcCount, nodeBits.count == nodeCount else { return nil }
        self.init(departure: departure, arrival: arrival, nodeBits: nodeBits)
    }

    private init(departure: [UInt8], arrival: [UInt8], nodeBits: [UInt8]) {
        self.departure = departure
        self.arrival = arrival
        self.nodeBits = nodeBits
        byAngle = (0..<256).map { step in
            let degrees = Double(step) * 360 / 256
            return Int32((Self.angleSeconds(rightwardDegrees: degrees > 180 ? degrees - 360 : degrees) * 1000).rounded())
        }
        uTurnMilliseconds = Int(Self.uTurnSeconds * 1000)
        signalMilliseconds = Int(Self.trafficSignalSeconds * 1000)
    }

    init(graph: RoadGraph) {
        let (departure, arrival) = Self.directions(in: graph)
        self.init(departure: departure, arrival: arrival, nodeBits: Self.nodeBits(in: graph))
    }

    private static func directions(in graph: RoadGraph) -> (departure: [UInt8], arrival: [UInt8]) {
        let roads = (0..<graph.nodeCount).map { Self.roadCount(at: $0, in: graph, modes: 0xFF) }
        var departure = [UInt8](repeating: 0, count: graph.arcCount)
        var arrival = [UInt8](repeating: 0, count: graph.arcCount)
        for arc in 0..<graph.arcCount {
            let tail = Int(graph.tail(ofArc: arc))
            let head = Int(graph.head(ofArc: arc))
            let length = graph.lengthMeters(ofSegment: arc >> 1)
            let ahead = Self.pointAlong(graph, from: head, after: arc >> 1, travelled: length, roads: roads)
            let behind = Self.pointAlong(graph, from: tail, after: arc >> 1, travelled: length, roads: roads)
            departure[arc] = Self.binaryDegrees(graph.coordinate(ofNode: tail).bearing(to: ahead))
            arrival[arc] = Self.binaryDegrees(behind.bearing(to: graph.coordinate(ofNode: head)))
        }
        return (departure, arrival)
    }

    private static func nodeBits(in graph: RoadGraph) -> [UInt8] {
        var nodeBits = [UInt8](repeating: 0, count: graph.nodeCount)
        let modeBits = TravelMode.allCases.map(\.bit)
        for node in 0..<graph.nodeCount {
            // A copy of a node made for a restriction via a way lacks the forbidden exits; the place itself is
            // the original node with the same OSM id.
            let isCopy =
                graph.outgoingArcs(ofNode: node).allSatisfy { graph.flags(ofSegment: Int($0) >> 1).contains(.restrictionCopy) }
                && graph.incomingArcs(ofNode: node).allSatisfy { graph.flags(ofSegment: Int($0) >> 1).contains(.restrictionCopy) }
            let place = isCopy ? graph.node(forOSMID: graph.osmID(ofNode: node)) ?? node : node
            for bit in modeBits where Self.roadCount(at: place, in: graph, modes: bit) > 2 {
                nodeBits[node] |= bit
            }
            if graph.nodeAttributes.attributes(ofNode: place).contains(.trafficSignals) {
                nodeBits[node] |= Self.signalBit
            }
        }
        return nodeBits
    }

    /// The cost of turning from arc `a` into arc `b` at `node` for the mode with `modeBit`, in milliseconds.
    @inline(__always) func cost(from a: Int, to b: Int, at node: Int, modeBit: UInt8) -> Int {
        let bits = nodeBits[node]
        var cost = bits & Self.signalBit != 0 ? signalMilliseconds : 0
        let turningRound = b == a ^ 1
        if turningRound || bits & modeBit != 0 {
            cost += Int(byAngle[Int(departure[b] &- arrival[a])])
        }
        if turningRound { cost += uTurnMilliseconds }
        return cost
    }

    /// The angle cost of a turn by `degrees` to the right (negative: to the left), in seconds.
    static func angleSeconds(rightwardDegrees degrees: Double) -> Double {
        let exponent =
            degrees >= 0
            ? (13 / sideBias) * degrees / 180 - 6.5 * sideBias : (13 * sideBias) * -degrees / 180 - 6.5 / sideBias
        return maximumTurnSeconds / (1 + exp(-exponent))
    }

    /// How many roads (segments) at `node` a mode in `modes` may drive in at least one direction: each leaving
    /// arc is one, and each arriving arc whose road cannot be driven away from the node is one more.
    private static func roadCount(at node: Int, in graph: RoadGraph, modes: UInt8) -> Int {
        var count = 0
        for arc in graph.outgoingArcs(ofNode: node) where graph.arcModes[Int(arc)] & modes != 0 { count += 1 }
        for arc in graph.incomingArcs(ofNode: node)
        where graph.arcModes[Int(arc)] & modes != 0 && graph.arcModes[Int(arc) ^ 1] & modes == 0 {
            count += 1
        }
        return count
    }

    /// The point about ``lookAheadMeters`` from where the road left `start` by `segment` (`travelled` metres
    /// before), followed on through nodes where it merely goes on (two roads meet); `start` where it does not.
    private static func pointAlong(
        _ graph: RoadGraph, from start: Int, after segment: Int, travelled: Double, roads: [Int]
    ) -> Coordinate {
        var node = start
        var previous = segment
        var travelled = travelled
        var steps = 0
        while travelled < lookAheadMeters && roads[node] == 2 && steps < 16 {
            let arcs = graph.outgoingArcs(ofNode: node).map(Int.init) + graph.incomingArcs(ofNode: node).map(Int.init)
            guard let next = arcs.lazy.map({ $0 >> 1 }).first(where: { $0 != previous }) else { break }
            let (from, to) = graph.endpoints(ofSegment: next)
            travelled += graph.lengthMeters(ofSegment: next)
            node = from == node ? to : from
            previous = next
            steps += 1
        }
        return graph.coordinate(ofNode: node)
    }

    private static func binaryDegrees(_ degrees: Double) -> UInt8 {
        UInt8(Int((degrees * 256 / 360).rounded()) & 0xFF)
    }
}
