import NavCore
import NavMap

/// Finds the maneuvers along a path and writes their instructions.
///
/// A new step starts where the road name changes, where the path turns noticeably, at ramps, forks,
/// roundabouts and ferries; gentle bends along the same road stay inside one step.
struct StepBuilder {
    let graph: RoadGraph
    let mode: TravelMode

    private struct Marker {
        var index: Int
        var maneuver: Maneuver
        var exit: Int?
        var roadName: String
    }

    func steps(
        arcs: [Int], coordinates: [Coordinate], cumulative: [Double], durations: [Double], names: [String],
        isFinal: Bool
    ) -> [RouteStep] {
        var markers = [Marker(index: 0, maneuver: .depart, exit: nil, roadName: names.first ?? "")]
        var i = 1
        while i < arcs.count {
            let a = arcs[i - 1]
            let b = arcs[i]
            let aFlags = graph.flags(ofSegment: a >> 1)
            let bFlags = graph.flags(ofSegment: b >> 1)
            if bFlags.contains(.roundabout) && !aFlags.contains(.roundabout) {
                var exit = 0
                var j = i
                while j < arcs.count && graph.flags(ofSegment: arcs[j] >> 1).contains(.roundabout) {
                    let node = Int(graph.head(ofArc: arcs[j]))
                    if hasExit(at: node) { exit += 1 }
                    j += 1
                }
                let name = j < arcs.count ? names[j] : names[i]
                markers.append(Marker(index: i, maneuver: .roundabout, exit: max(1, exit), roadName: name))
                i = j + 1
                continue
            }
            if bFlags.contains(.ferry) && !aFlags.contains(.ferry) {
                markers.append(Marker(index: i, maneuver: .ferry, exit: nil, roadName: names[i]))
                i += 1
                continue
            }
            if let maneuver = maneuver(from: a, to: b, sameName: names[i] == names[i - 1]) {
                markers.append(Marker(index: i, maneuver: maneuver, exit: nil, roadName: names[i]))
            }
            i += 1
        }

        let last = coordinates.count - 1
        var steps: [RouteStep] = []
        for (k, marker) in markers.enumerated() {
            let end = k + 1 < markers.count ? markers[k + 1].index : last
            let distance = cumulative[end] - cumulative[marker.index]
            let duration = durations[marker.index..<end].reduce(0, +)
            var instruction = Self.instruction(marker.maneuver, exit: marker.exit, road: marker.roadName)
            if marker.maneuver == .depart {
                let bearing = coordinates[0].bearing(to: coordinates[min(1, last)])
                instruction =
                    "Head \(Self.compass(bearing))" + (marker.roadName.isEmpty ? "" : " on \(marker.roadName)")
            }
            steps.append(
                RouteStep(
                    maneuver: marker.maneuver, roundaboutExit: marker.exit, roadName: marker.roadName,
                    instruction: instruction, distanceMeters: distance, durationSeconds: duration,
                    coordinateRange: marker.index...end, location: coordinates[marker.index]))
        }
        steps.append(
            RouteStep(
                maneuver: .arrive, roundaboutExit: nil, roadName: names.last ?? "",
                instruction: isFinal ? "You have arrived at your destination" : "You have arrived at your waypoint",
                distanceMeters: 0, durationSeconds: 0, coordinateRange: last...last, location: coordinates[last]))
        return steps
    }

    /// Whether a roundabout node has a way out that the mode may take.
    private func hasExit(at node: Int) -> Bool {
        graph.outgoingArcs(ofNode: node).contains { arc in
            graph.allows(mode, onArc: Int(arc)) && !graph.flags(ofSegment: Int(arc) >> 1).contains(.roundabout)
        }
    }

    private func bearing(ofArc arc: Int) -> Double {
        graph.coordinate(ofNode: Int(graph.tail(ofArc: arc))).bearing(
            to: graph.coordinate(ofNode: Int(graph.head(ofArc: arc))))
    }

    private func maneuver(from a: Int, to b: Int, sameName: Bool) -> Maneuver? {
        let turn = Geodesy.bearingDifference(from: bearing(ofArc: a), to: bearing(ofArc: b))
        let fromClass = graph.highwayClass(ofWay: graph.way(ofSegment: a >> 1))
        let toClass = graph.highwayClass(ofWay: graph.way(ofSegment: b >> 1))
        let fromMain = fromClass == .motorway || fromClass == .trunk
        let toMain = toClass == .motorway || toClass == .trunk
        if fromMain && toClass.isLink && (toClass == .motorwayLink || toClass == .trunkLink) { return .offRamp }
        if !fromMain && !fromClass.isLink && (toClass == .motorwayLink || toClass == .trunkLink) { return .onRamp }
        if fromClass.isLink && toMain { return .merge }

        let node = Int(graph.head(ofArc: a))
        let others = graph.outgoingArcs(ofNode: node).map(Int.init).filter {
            $0 != b && $0 != (a ^ 1) && graph.allows(mode, onArc: $0)
                && !graph.isTurnRestricted(from: a, to: $0, modeBit: mode.bit)
        }
        if abs(turn) < 40,
            let other = others.first(where: {
                abs(Geodesy.bearingDifference(from: bearing(ofArc: a), to: bearing(ofArc: $0))) < 40
            })
        {
            let otherTurn = Geodesy.bearingDifference(from: bearing(ofArc: a), to: bearing(ofArc: other))
            if !sameName || fromMain { return turn < otherTurn ? .forkLeft : .forkRight }
        }
        // Where the road merely bends and there is nothing else to take, there is nothing to say either,
        // unless the road gets a new name.
        if others.isEmpty {
            return sameName || graph.roadName(ofWay: graph.way(ofSegment: b >> 1)).isEmpty ? nil : .continue
        }
        let magnitude = abs(turn)
        if sameName && magnitude < 40 { return nil }
        if magnitude < 20 { return sameName ? nil : .continue }
        let left = turn < 0
        switch magnitude {
        case ..<45: return left ? .slightLeft : .slightRight
        case ..<120: return left ? .turnLeft : .turnRight
        case ..<165: return left ? .sharpLeft : .sharpRight
        default: return .uTurn
        }
    }

    static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    static func compass(_ bearing: Double) -> String {
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        return names[Int((bearing + 22.5) / 45) % 8]
    }

    static func instruction(_ maneuver: Maneuver, exit: Int?, road: String) -> String {
        let onto = road.isEmpty ? "" : " onto \(road)"
        switch maneuver {
        case .depart: return "Head out" + (road.isEmpty ? "" : " on \(road)")
        case .arrive: return "You have arrived at your destination"
        case .continue: return road.isEmpty ? "Continue straight" : "Continue onto \(road)"
        case .turnLeft: return "Turn left" + onto
        case .turnRight: return "Turn right" + onto
        case .slightLeft: return "Turn slightly left" + onto
        case .slightRight: return "Turn slightly right" + onto
        case .sharpLeft: return "Turn sharp left" + onto
        case .sharpRight: return "Turn sharp right" + onto
        case .uTurn: return "Make a U-turn" + onto
        case .merge: return "Merge" + onto
        case .onRamp: return "Take the ramp" + onto
        case .offRamp: return "Take the exit" + onto
        case .forkLeft: return road.isEmpty ? "Keep left at the fork" : "Keep left onto \(road)"
        case .forkRight: return road.isEmpty ? "Keep right at the fork" : "Keep right onto \(road)"
        case .roundabout: return "At the roundabout, take the \(ordinal(exit ?? 1)) exit" + onto
        case .ferry: return "Take the ferry" + (road.isEmpty ? "" : " \(road)")
        }
    }
}
