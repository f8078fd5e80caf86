import NavCore
import NavMap

/// Finds the maneuvers along a path and writes their instructions.
///
/// For the motor modes the ordinary junctions follow the conventions of turn-by-turn narratives (see
/// ``JunctionPlan``); links, roundabouts and ferries, and the walking and cycling modes, follow the rules here: a new
/// step starts where the path turns noticeably, at ramps, forks, roundabouts and ferries. A new name alone does not
/// make a step (a driver going straight on needs no instruction), unless the road's reference number changes or it
/// becomes a road of another kind (see ``roadGroup(_:)``). Maneuvers too close together to be driven apart are then
/// joined into one (see ``StepBuilder/simplified(_:arcs:cumulative:)``).
struct StepBuilder {
    let graph: RoadGraph
    let mode: TravelMode

    struct Marker {
        var index: Int
        var maneuver: Maneuver
        var exit: Int?
        var roadName: String
        /// For the departure: the path position whose direction "Head …" names.
        var departureArc = 0
        /// Whether the driver could take another road at this maneuver's junction: a turn or fork there is
        /// a choice, which a nearby maneuver's direction cannot stand in for.
        var offersChoice = false
        /// Whether the marker is on links that make a road of their own (``JunctionPlan``): its turns are steps,
        /// not part of a turn made through a slip lane.
        var isOnRoadOfLinks = false
    }

    func steps(
        arcs: [Int], coordinates: [Coordinate], cumulative: [Double], durations: [Double], names: [String],
        isFinal: Bool
    ) -> [RouteStep] {
        let path = Path(coordinates: coordinates, cumulative: cumulative)
        let markers = roundaboutsNamedByTheirExits(
            namedForTheRoadsTheyLeadOnto(
                simplified(maneuverMarkers(arcs: arcs, names: names, path: path), arcs: arcs, cumulative: cumulative),
                names: names, cumulative: cumulative))
        let last = coordinates.count - 1
        var steps: [RouteStep] = []
        for (k, marker) in markers.enumerated() {
            let end = k + 1 < markers.count ? markers[k + 1].index : last
            let distance = cumulative[end] - cumulative[marker.index]
            let duration = durations[marker.index..<end].reduce(0, +)
            var instruction = Self.instruction(
                marker.maneuver, exit: marker.exit, road: marker.roadName,
                previousRoad: k > 0 ? markers[k - 1].roadName : "")
            if marker.maneuver == .depart {
                // The first stretch with a length: the origin may have snapped onto a node.
                var from = marker.departureArc
                while from + 1 < last && coordinates[from].distance(to: coordinates[from + 1]) < 0.5 { from += 1 }
                let bearing = coordinates[from].bearing(to: coordinates[min(from + 1, last)])
                instruction =
                    "Head \(CompassPoint(bearing: bearing).englishName)" + (marker.roadName.isEmpty ? "" : " on \(marker.roadName)")
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

    /// One marker per place where the driver has to do something, before close ones are joined.
    private func maneuverMarkers(arcs: [Int], names: [String], path: Path) -> [Marker] {
        var markers = [Marker(index: 0, maneuver: .depart, exit: nil, roadName: names.first ?? "")]
        let plan = mode.isMotorized ? JunctionPlan(builder: self, arcs: arcs, path: path) : nil
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
                // Leaving the ring is a step of its own, as OSRM's and Valhalla's "exit roundabout": the
                // driver's view moves on to the road after it, and the roundabout step is the ring itself.
                if j < arcs.count {
                    markers.append(Marker(index: j, maneuver: .exitRoundabout, exit: nil, roadName: names[j]))
                }
                i = j + 1
                continue
            }
            // Setting off on the ring: going round it is no maneuver, leaving it is the first thing to do.
            if aFlags.contains(.roundabout) {
                if !bFlags.contains(.roundabout) {
                    markers.append(Marker(index: i, maneuver: .exitRoundabout, exit: nil, roadName: names[i]))
                }
                i += 1
                continue
            }
            // On board there is nothing to do until the far side, whatever the crossing's line looks like.
            switch (aFlags.contains(.ferry), bFlags.contains(.ferry)) {
            case (false, true):
                markers.append(Marker(index: i, maneuver: .ferry, exit: nil, roadName: names[i]))
                i += 1
                continue
            case (true, true):
                i += 1
                continue
            case (true, false):
                let landing = maneuver(at: i, arcs: arcs, path: path, sameName: false)
                markers.append(Marker(index: i, maneuver: Self.leavingFerry(into: landing), exit: nil, roadName: names[i]))
                i += 1
                continue
            case (false, false):
                break
            }
            let onLinks = highwayClass(ofArc: arcs[i - 1]).isLink || highwayClass(ofArc: arcs[i]).isLink
            if let plan, onLinks, plan.isOnRoadOfLinks(i) || plan.isOnRoadOfLinks(i - 1) {
                if let maneuver = plan.linkManeuver(at: i) {
                    markers.append(
                        Marker(
                            index: i, maneuver: maneuver, exit: nil, roadName: names[i],
                            offersChoice: !otherWays(at: i, arcs: arcs).isEmpty, isOnRoadOfLinks: plan.isOnRoadOfLinks(i)))
                }
            } else if plan != nil && !onLinks && arcs[i] != arcs[i - 1] ^ 1 {
                if let (maneuver, onto) = plan?.maneuver(at: i) {
                    markers.append(
                        Marker(
                            index: i, maneuver: maneuver, exit: nil, roadName: names[onto],
                            offersChoice: !otherWays(at: i, arcs: arcs).isEmpty))
                }
            } else if let maneuver = maneuver(at: i, arcs: arcs, path: path, sameName: names[i] == names[i - 1]) {
                markers.append(
                    Marker(
                        index: i, maneuver: maneuver, exit: nil, roadName: names[i],
                        offersChoice: !otherWays(at: i, arcs: arcs).isEmpty))
            }
            i += 1
        }
        return markers
    }

    /// Driving off a ferry into `turn`, the maneuver at the landing (or just after it): the driver is told
    /// which way to turn as they leave ("Leave the ferry and turn right onto Satamatie"); a bend or a fork is
    /// only driving on.
    static func leavingFerry(into turn: Maneuver?) -> Maneuver {
        switch turn {
        case .turnLeft, .sharpLeft, .leaveFerryLeft: .leaveFerryLeft
        case .turnRight, .sharpRight, .leaveFerryRight: .leaveFerryRight
        default: .leaveFerry
        }
    }

    /// Whether a roundabout node has a way out that the mode may take.
    private func hasExit(at node: Int) -> Bool {
        graph.outgoingArcs(ofNode: node).contains { arc in
            graph.allows(mode, onArc: Int(arc)) && !graph.flags(ofSegment: Int(arc) >> 1).contains(.roundabout)
        }
    }

    func bearing(ofArc arc: Int) -> Double {
        graph.coordinate(ofNode: Int(graph.tail(ofArc: arc))).bearing(
            to: graph.coordinate(ofNode: Int(graph.head(ofArc: arc))))
    }

    func highwayClass(ofArc arc: Int) -> HighwayClass {
        graph.highwayClass(ofWay: graph.way(ofSegment: arc >> 1))
    }

    /// Motorways, and trunk roads built for speed: where leaving by a link is an exit and joining one a
    /// merge. A trunk road through town (Mannerheimintie, Hämeentie) is driven like any main street, and
    /// its links are ordinary turns.
    func isFastRoad(_ arc: Int) -> Bool {
        switch highwayClass(ofArc: arc) {
        case .motorway: true
        case .trunk: graph.speed(ofArc: arc, mode: .driving) >= Self.fastRoadSpeed
        default: false
        }
    }

    /// 70 km/h in m/s: the speed from which a trunk road counts as a fast road.
    static let fastRoadSpeed = 70 / 3.6

    /// Whether the links starting at path position `i` lead onto a fast road.
    private func linksLeadOntoFastRoad(from i: Int, arcs: [Int]) -> Bool {
        var j = i
        while j < arcs.count && highwayClass(ofArc: arcs[j]).isLink { j += 1 }
        return j < arcs.count && isFastRoad(arcs[j])
    }

    /// Roads a driver tells apart: a step for a new name alone is made only between groups.
    static func roadGroup(_ highway: HighwayClass) -> Int {
        switch highway {
        case .motorway, .motorwayLink: 0
        case .trunk, .trunkLink: 1
        case .primary, .primaryLink, .secondary, .secondaryLink, .tertiary, .tertiaryLink, .unclassified,
            .residential, .livingStreet, .road:
            2
        case .service, .track, .busway: 3
        case .cycleway, .path, .footway, .pedestrian, .steps, .bridleway: 4
        case .ferry: 5
        }
    }

    /// Whether going straight on from arc `a` into arc `b` under a new name deserves a step: when a new
    /// reference number starts (the driver follows signs by it) or the road becomes another kind of road.
    func nameChangeMatters(from a: Int, to b: Int) -> Bool {
        let fromWay = graph.way(ofSegment: a >> 1)
        let toWay = graph.way(ofSegment: b >> 1)
        let newRef = graph.ref(ofWay: toWay)
        if !newRef.isEmpty && newRef != graph.ref(ofWay: fromWay) { return true }
        return Self.roadGroup(graph.highwayClass(ofWay: fromWay)) != Self.roadGroup(graph.highwayClass(ofWay: toWay))
    }

    /// The arcs the mode could take at the junction between path positions `i - 1` and `i`, other than the
    /// route's own and the way back.
    private func otherWays(at i: Int, arcs: [Int]) -> [Int] {
        let a = arcs[i - 1]
        let b = arcs[i]
        return graph.outgoingArcs(ofNode: Int(graph.head(ofArc: a))).map(Int.init).filter {
            $0 != b && $0 != (a ^ 1) && graph.allows(mode, onArc: $0)
                && !graph.isTurnRestricted(from: a, to: $0, modeBit: mode.bit)
        }
    }

    private func maneuver(at i: Int, arcs: [Int], path: Path, sameName: Bool) -> Maneuver? {
        let a = arcs[i - 1]
        let b = arcs[i]
        // Turning round where the road ends (or in a stub of it) is a maneuver whatever else meets there.
        if b == a ^ 1 { return .uTurn }
        // Where the name changes, whether the driver turns or goes on is judged over the stretch around the
        // junction; along one road the segments' own directions are kept, so a hairpin next to a junction
        // does not make a U-turn of it.
        let arcTurn = Geodesy.bearingDifference(from: bearing(ofArc: a), to: bearing(ofArc: b))
        let stretchTurn = Geodesy.bearingDifference(
            from: path.bearing(at: i, looking: -Self.turnWindow) ?? bearing(ofArc: a),
            to: path.bearing(at: i, looking: Self.turnWindow) ?? bearing(ofArc: b))
        let turn = sameName || abs(stretchTurn) > 150 ? arcTurn : stretchTurn
        let fromClass = highwayClass(ofArc: a)
        let toClass = highwayClass(ofArc: b)
        let toHighwayLink = toClass == .motorwayLink || toClass == .trunkLink
        if isFastRoad(a) && toClass.isLink { return .offRamp }
        if !fromClass.isLink && !isFastRoad(a) && toHighwayLink && linksLeadOntoFastRoad(from: i, arcs: arcs) {
            return .onRamp
        }
        if fromClass.isLink && isFastRoad(b) { return .merge }

        let node = Int(graph.head(ofArc: a))
        let others = otherWays(at: i, arcs: arcs)
        if abs(turn) < 40,
            let other = others.first(where: {
                abs(Geodesy.bearingDifference(from: bearing(ofArc: a), to: bearing(ofArc: $0))) < 40
            })
        {
            let otherTurn = Geodesy.bearingDifference(from: bearing(ofArc: a), to: bearing(ofArc: other))
            if !sameName || isRealBranch(other, besides: b) {
                return turn < otherTurn ? .forkLeft : .forkRight
            }
        }
        let magnitude = abs(turn)
        // Where the road merely bends and no other road meets it, there is nothing to say either. A one-way
        // street coming the other way is still a road the driver sees, so a turn past it is announced.
        // Roads closed to this mode (a bus street, a one-way street's far end) count too: the driver sees
        // a junction there. Paths do not.
        let otherRoadsMeet =
            !others.isEmpty
            || (graph.incomingArcs(ofNode: node) + graph.outgoingArcs(ofNode: node)).contains { arc in
                let segment = Int(arc) >> 1
                return segment != a >> 1 && segment != b >> 1 && Self.roadGroup(highwayClass(ofArc: Int(arc))) < 4
            }
        // A sharp bend onto a street with a new name is a turn even where nothing else meets it: the driver
        // follows the street signs.
        let namedBend =
            !sameName && magnitude >= Self.namedBendAngle && !graph.roadName(ofWay: graph.way(ofSegment: b >> 1)).isEmpty
        if (!otherRoadsMeet && !namedBend) || magnitude < 20 || (sameName && magnitude < 40) {
            return !sameName && magnitude < 40 && nameChangeMatters(from: a, to: b) ? .continue : nil
        }
        return Self.turn(turn)
    }

    /// Whether `other`, leaving the same node nearly in the same direction as the route's arc `b`, is a road a
    /// driver could take by mistake where the route keeps its name: one as important as the route's (a
    /// street, not a service road or a path) and no slip lane off a road that goes on. There the driver has
    /// to be told which branch to keep to, although the name stays the same.
    private func isRealBranch(_ other: Int, besides b: Int) -> Bool {
        let otherClass = highwayClass(ofArc: other)
        let routeClass = highwayClass(ofArc: b)
        return Self.roadGroup(otherClass) <= Self.roadGroup(routeClass) && otherClass.isLink == routeClass.isLink
    }

    /// The least bend (degrees) onto a newly named street that is announced without a junction.
    static let namedBendAngle = 60.0

    /// How far before and after a junction the road's direction is taken: streets drawn as many short
    /// segments curve into a turn over tens of metres, and one segment's direction misses it.
    static let turnWindow = 25.0

    /// The route's polyline with distances, for directions over a stretch of road.
    struct Path {
        let coordinates: [Coordinate]
        let cumulative: [Double]

        /// The direction from point `index` to the point `distance` metres further along (or from the
        /// point that far back, for a negative distance), not past the path positions `bounds` (the whole path
        /// when nil); nil where the path has no length that way.
        func bearing(at index: Int, looking distance: Double, within bounds: ClosedRange<Int>? = nil) -> Double? {
            let bounds = bounds ?? 0...(cumulative.count - 1)
            let target = min(
                max(cumulative[index] + distance, cumulative[bounds.lowerBound]), cumulative[bounds.upperBound])
            guard abs(target - cumulative[index]) > 0.5 else { return nil }
            var j = index
            if distance > 0 {
                while j + 1 < bounds.upperBound && cumulative[j + 1] < target { j += 1 }
            } else {
                while j - 1 > bounds.lowerBound && cumulative[j - 1] > target { j -= 1 }
            }
            let (from, to) = distance > 0 ? (j, j + 1) : (j - 1, j)
            let span = cumulative[to] - cumulative[from]
            let point = StepBuilder.interpolate(
                coordinates[from], coordinates[to], fraction: span > 0 ? (target - cumulative[from]) / span : 0)
            return distance > 0
                ? StepBuilder.shortBearing(coordinates[index], point) : StepBuilder.shortBearing(point, coordinates[index])
        }
    }

    /// The turn maneuver for a change of direction in degrees (negative to the left); nil for straight on.
    static func turn(_ degrees: Double) -> Maneuver? {
        let magnitude = abs(degrees)
        let left = degrees < 0
        switch magnitude {
        case ..<20: return nil
        case ..<45: return left ? .slightLeft : .slightRight
        case ..<120: return left ? .turnLeft : .turnRight
        case ..<165: return left ? .sharpLeft : .sharpRight
        default: return .uTurn
        }
    }

    /// The English instruction for a maneuver onto `road`; `previousRoad` is the road of the step before.
    /// Where the route keeps its road through a turn, a fork or a roundabout, the driver is told to stay on
    /// it ("Keep left to stay on Kaivokatu"): "onto" would suggest another street.
    static func instruction(_ maneuver: Maneuver, exit: Int?, road: String, previousRoad: String = "") -> String {
        let staysOn = !road.isEmpty && road == previousRoad
        let onto = road.isEmpty ? "" : staysOn ? " to stay on \(road)" : " onto \(road)"
        switch maneuver {
        case .depart: return "Head out" + (road.isEmpty ? "" : " on \(road)")
        case .arrive: return "You have arrived at your destination"
        case .continue: return road.isEmpty ? "Continue straight" : "Continue" + onto
        case .turnLeft: return "Turn left" + onto
        case .turnRight: return "Turn right" + onto
        case .slightLeft: return "Turn slightly left" + onto
        case .slightRight: return "Turn slightly right" + onto
        case .sharpLeft: return "Turn sharp left" + onto
        case .sharpRight: return "Turn sharp right" + onto
        case .uTurn: return "Make a U-turn" + onto
        case .merge: return "Merge" + (road.isEmpty ? "" : " onto \(road)")
        case .onRamp: return "Take the ramp" + (road.isEmpty ? "" : " onto \(road)")
        case .offRamp: return "Take the exit" + (road.isEmpty ? "" : " onto \(road)")
        case .forkLeft: return road.isEmpty ? "Keep left at the fork" : "Keep left" + onto
        case .forkRight: return road.isEmpty ? "Keep right at the fork" : "Keep right" + onto
        case .roundabout: return "At the roundabout, take the \(Ordinal.english(exit ?? 1)) exit" + onto
        case .exitRoundabout: return "Exit the roundabout" + (road.isEmpty ? "" : " onto \(road)")
        case .ferry: return "Take the ferry" + (road.isEmpty ? "" : " \(road)")
        case .leaveFerry: return "Leave the ferry" + (road.isEmpty ? "" : " and continue onto \(road)")
        case .leaveFerryLeft: return "Leave the ferry and turn left" + (road.isEmpty ? "" : " onto \(road)")
        case .leaveFerryRight: return "Leave the ferry and turn right" + (road.isEmpty ? "" : " onto \(road)")
        }
    }
}
