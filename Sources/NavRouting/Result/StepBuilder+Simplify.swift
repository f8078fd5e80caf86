import NavCore
import NavMap

/// Joining maneuvers that are too close together to be driven, or announced, apart.
///
/// Crossing a dual carriageway passes two junctions a few metres apart, and a turn made through a slip
/// lane leaves the road once and joins the next one a little later; a driver makes one turn in both
/// cases and should hear one instruction. The joined maneuver takes the direction from the road before
/// the first to the road after the second, and the name of the road it leads onto. For the motor modes that is
/// all that is joined (with a ferry's landing and the links of fast roads, ``joinsWhenClose``): two close turns
/// at two junctions are two choices and are each said, as in Valhalla's narrative.
extension StepBuilder {
    /// The shortest stretch between two maneuvers that a driver can still tell apart: about three seconds
    /// at town speed for motor vehicles, a few strides for walkers and cyclists.
    var shortestStep: Double {
        switch mode {
        case .driving, .taxi, .twoWheeler: 35
        case .cycling, .walking: 8
        }
    }

    /// The shortest jog (a turn and the opposite turn, along a cross street) kept as two maneuvers: from
    /// about two car lengths the car drives along the cross street with its traffic, and the driver makes
    /// two turns ("Turn right onto Kaivokatu, then turn left onto Mikonkatu"). Shorter ones are one
    /// junction mapped as two nodes.
    static let shortestJog = 8.0

    /// The least change of direction (degrees) that makes each half of a jog a turn of its own.
    static let jogTurn = 45.0

    /// The longest slip lane (a link between two ordinary roads) that is part of the turn it serves.
    static let longestTurnChannel = 120.0

    /// How close to the route's start or end a maneuver is taken to be the junction the origin or the
    /// destination was snapped onto: the departure or the arrival covers it. From about two car lengths the
    /// driver has to make it: a turn 15 m before the destination is still the turn into its street, and
    /// setting off 20 m before a junction still means turning there ("Head north on Keskuskatu, then turn
    /// right onto Kaivokatu").
    static let junctionAtRouteEnd = 8.0

    /// The maneuvers still made in the last ``shortestStep`` before the destination: turns into its street.
    /// A bend or a fork there is only the road's line on the way in, which the arrival's side of the street
    /// already covers.
    static let turnsIntoTheDestination: Set<Maneuver> = [
        .turnLeft, .turnRight, .sharpLeft, .sharpRight, .uTurn, .roundabout, .exitRoundabout, .ferry, .leaveFerry,
        .leaveFerryLeft, .leaveFerryRight,
    ]

    func simplified(_ markers: [Marker], arcs: [Int], cumulative: [Double]) -> [Marker] {
        var markers = markers
        let end = cumulative[cumulative.count - 1]
        // A maneuver at the destination's own junction is not worth making: the arrival says which side of
        // the street the destination is on.
        while markers.count > 1, let last = markers.last,
            end - cumulative[last.index] < Self.junctionAtRouteEnd
                || (end - cumulative[last.index] < shortestStep && !Self.turnsIntoTheDestination.contains(last.maneuver))
        {
            markers.removeLast()
        }
        // Setting off at a junction: the departure already heads the way its maneuver leads.
        if markers.count > 1, cumulative[markers[1].index] < Self.junctionAtRouteEnd,
            ![.roundabout, .ferry, .leaveFerry, .leaveFerryLeft, .leaveFerryRight].contains(markers[1].maneuver)
        {
            markers[0].roadName = markers[1].roadName
            markers[0].departureArc = markers[1].index
            markers.remove(at: 1)
        }
        var k = 1
        // Each pass either joins marker k into its successor (and looks at k again) or moves on.
        while k + 1 < markers.count {
            let length = cumulative[markers[k + 1].index] - cumulative[markers[k].index]
            let turnChannel =
                highwayClass(ofArc: arcs[markers[k].index]).isLink && length <= Self.longestTurnChannel
                && !markers[k].isOnRoadOfLinks
                && ![.onRamp, .offRamp, .merge].contains(markers[k].maneuver)
            let tooClose =
                length < shortestStep
                && (!mode.isMotorized || Self.joinsWhenClose.contains(markers[k].maneuver)
                    || Self.joinsWhenClose.contains(markers[k + 1].maneuver)
                    || isCrossingPiece(from: markers[k].index, to: markers[k + 1].index, arcs: arcs, length: length))
            guard tooClose || turnChannel else {
                k += 1
                continue
            }
            if !turnChannel, let turns = jog(markers[k], markers[k + 1], arcs: arcs, length: length) {
                markers[k].maneuver = turns.first
                markers[k + 1].maneuver = turns.second
                k += 1
                continue
            }
            if !turnChannel, areTwoChoices(markers[k], markers[k + 1], arcs: arcs, length: length) {
                k += 1
                continue
            }
            guard let one = joined(markers[k], markers[k + 1], arcs: arcs, cumulative: cumulative) else {
                k += 1
                continue
            }
            markers.replaceSubrange(k...(k + 1), with: one)
        }
        return foldingMergesIntoTheirLinks(markers, arcs: arcs, cumulative: cumulative)
    }

    /// Maneuvers said together with a motor maneuver closer than ``shortestStep``: leaving a ferry into a turn at
    /// the landing, and the turns onto and off links to fast roads. Other close motor maneuvers are each said,
    /// as Valhalla's narrative does, unless they only cross a divided road (``isCrossingPiece(from:to:arcs:length:)``).
    static let joinsWhenClose: Set<Maneuver> = [.ferry, .leaveFerry, .leaveFerryLeft, .leaveFerryRight, .onRamp, .offRamp, .merge]

    /// The longest piece of road between the two carriageways of a road, crossed as one junction.
    static let longestCrossingPiece = 32.0

    /// Whether the path between positions `start` and `end` only crosses from one carriageway to another: it is
    /// shorter than ``longestCrossingPiece`` and a one-way road, not a roundabout's ring, passes through the
    /// junction at each end. Two maneuvers there are one turn across a divided road; elsewhere close maneuvers are
    /// each a choice.
    func isCrossingPiece(from start: Int, to end: Int, arcs: [Int], length: Double) -> Bool {
        guard length < Self.longestCrossingPiece, start > 0, end < arcs.count else { return false }
        func carriagewayPasses(_ node: Int, besides piece: Int) -> Bool {
            var entering = false
            var leaving = false
            // A roundabout's ring is no carriageway: the way onto it is a maneuver of its own.
            if segments(at: node).contains(where: { graph.flags(ofSegment: $0).contains(.roundabout) }) { return false }
            for arc in graph.outgoingArcs(ofNode: node) + graph.incomingArcs(ofNode: node) {
                let arc = Int(arc)
                guard arc >> 1 != piece, graph.allows(mode, onArc: arc) != graph.allows(mode, onArc: arc ^ 1) else {
                    continue
                }
                let open = graph.allows(mode, onArc: arc) ? arc : arc ^ 1
                if Int(graph.tail(ofArc: open)) == node { leaving = true } else { entering = true }
            }
            return entering && leaving
        }
        return carriagewayPasses(Int(graph.tail(ofArc: arcs[start])), besides: arcs[start] >> 1)
            && carriagewayPasses(Int(graph.tail(ofArc: arcs[end])), besides: arcs[end - 1] >> 1)
    }

    /// A roundabout step names the road its exit leads onto, the same road as the exit step after it once
    /// that has been named (after a short piece at the exit, or a maneuver just after it joined into it).
    func roundaboutsNamedByTheirExits(_ markers: [Marker]) -> [Marker] {
        var named = markers
        for k in named.indices.dropLast()
        where named[k].maneuver == .roundabout && named[k + 1].maneuver == .exitRoundabout {
            named[k].roadName = named[k + 1].roadName
        }
        return named
    }

    /// Whether two close maneuvers each ask the driver to choose, from ``shortestJog`` apart: the second is a
    /// fork, or a turn of at least ``jogTurn`` at its own junction, where another road could be taken, and the
    /// first is a fork or such a turn too. Joined, the second one's choice would be lost ("Turn right onto
    /// Unioninkatu" for a right turn and a fork to the left 10 m on, where going straight on is the other
    /// branch), so the driver hears both ("Turn right onto Unioninkatu, then keep left"). The angle is each
    /// junction's own: a direction taken over a stretch of road would take in the other maneuver. Two turns
    /// the same way that bring the driver back onto the road they came from are one U-turn (across a median).
    private func areTwoChoices(_ first: Marker, _ second: Marker, arcs: [Int], length: Double) -> Bool {
        guard length >= Self.shortestJog, first.index > 0, second.offersChoice,
            isChoice(first, arcs: arcs), isChoice(second, arcs: arcs)
        else { return false }
        let before = bearing(ofArc: arcs[first.index - 1])
        let after = bearing(ofArc: arcs[second.index])
        let roadBefore = graph.roadName(ofWay: graph.way(ofSegment: arcs[first.index - 1] >> 1))
        return !(Self.turn(Geodesy.bearingDifference(from: before, to: after)) == .uTurn && roadBefore == second.roadName)
    }

    /// A fork, or a turn of at least ``jogTurn`` at the marker's own junction.
    private func isChoice(_ marker: Marker, arcs: [Int]) -> Bool {
        switch marker.maneuver {
        case .forkLeft, .forkRight: return true
        case .turnLeft, .turnRight, .sharpLeft, .sharpRight:
            let own = Geodesy.bearingDifference(
                from: bearing(ofArc: arcs[marker.index - 1]), to: bearing(ofArc: arcs[marker.index]))
            return abs(own) >= Self.jogTurn
        default: return false
        }
    }

    /// The road a step leads onto is the one the driver is on once through its junction: where the first way
    /// after the maneuver is a piece shorter than ``shortestJog`` and the step goes on under another name (a
    /// junction drawn as two nodes, "Kaisaniemen puistokuja" for 5 m before Kaisaniemenranta), the step is
    /// named after the road that follows. Roundabouts and ferries already name the road they lead onto.
    func namedForTheRoadsTheyLeadOnto(_ markers: [Marker], names: [String], cumulative: [Double]) -> [Marker] {
        var named = markers
        for k in named.indices where ![.depart, .roundabout, .ferry].contains(named[k].maneuver) {
            let start = named[k].index
            let end = k + 1 < named.count ? named[k + 1].index : names.count
            guard names[start] == named[k].roadName,
                let next = (start..<end).first(where: { names[$0] != names[start] }),
                cumulative[next] - cumulative[start] < Self.shortestJog, !names[next].isEmpty
            else { continue }
            named[k].roadName = names[next]
        }
        return named
    }

    /// A merge at the end of a link is no choice: the link leads only onto the road it joins. The maneuver that
    /// put the driver on the link (the ramp, an exit from another fast road, a fork on the link, or setting off
    /// on it) names that road instead ("Take the ramp onto 7/15"), and the merge is not a step of its own. That
    /// maneuver may begin a few metres before the link, where a turn into the ramp was joined into it.
    private func foldingMergesIntoTheirLinks(_ markers: [Marker], arcs: [Int], cumulative: [Double]) -> [Marker] {
        var folded: [Marker] = []
        for marker in markers {
            if marker.maneuver == .merge, let previous = folded.last,
                (previous.index..<marker.index).allSatisfy({
                    highwayClass(ofArc: arcs[$0]).isLink || cumulative[$0] - cumulative[previous.index] < shortestStep
                })
            {
                folded[folded.count - 1].roadName = marker.roadName
                continue
            }
            folded.append(marker)
        }
        return folded
    }

    /// The two turns of a jog that stays two maneuvers: a turn and a turn the other way, each at least
    /// ``jogTurn`` at its junction and ``shortestJog`` apart, that together leave the driver going about the
    /// way they came. Each is named by its own junction's angle: a direction taken over a stretch of road
    /// would take in the other half of the jog.
    private func jog(_ first: Marker, _ second: Marker, arcs: [Int], length: Double) -> (first: Maneuver, second: Maneuver)? {
        guard length >= Self.shortestJog, first.index > 0, second.index > first.index else { return nil }
        let turnable: Set<Maneuver> = [
            .turnLeft, .turnRight, .slightLeft, .slightRight, .sharpLeft, .sharpRight, .forkLeft, .forkRight, .continue,
        ]
        guard turnable.contains(first.maneuver), turnable.contains(second.maneuver) else { return nil }
        let firstTurn = Geodesy.bearingDifference(
            from: bearing(ofArc: arcs[first.index - 1]), to: bearing(ofArc: arcs[first.index]))
        let secondTurn = Geodesy.bearingDifference(
            from: bearing(ofArc: arcs[second.index - 1]), to: bearing(ofArc: arcs[second.index]))
        let net = Geodesy.bearingDifference(
            from: bearing(ofArc: arcs[first.index - 1]), to: bearing(ofArc: arcs[second.index]))
        guard abs(firstTurn) >= Self.jogTurn, abs(secondTurn) >= Self.jogTurn, (firstTurn < 0) != (secondTurn < 0),
            abs(net) < Self.jogTurn, let one = Self.turn(firstTurn), let other = Self.turn(secondTurn)
        else { return nil }
        return (one, other)
    }

    /// One marker for two close maneuvers, none when they cancel out into going straight on along the same
    /// road (crossing a median), or nil when they must stay apart: a jog left and right onto another street
    /// is two turns however close they are.
    private func joined(_ first: Marker, _ second: Marker, arcs: [Int], cumulative: [Double]) -> [Marker]? {
        switch (first.maneuver, second.maneuver) {
        case (.leaveFerry, _), (.leaveFerryLeft, _), (.leaveFerryRight, _):
            // Off the ferry and into a turn a few metres on: one maneuver that says which way.
            var kept = first
            if first.maneuver == .leaveFerry { kept.maneuver = Self.leavingFerry(into: second.maneuver) }
            if !second.roadName.isEmpty { kept.roadName = second.roadName }
            return [kept]
        // The ring and leaving it stay two steps however small the roundabout, and so do leaving one
        // roundabout and entering the next (a dumbbell interchange).
        case (.roundabout, .exitRoundabout), (.exitRoundabout, .roundabout):
            return nil
        case (.roundabout, _), (.exitRoundabout, _), (.ferry, _):
            var kept = first
            if !second.roadName.isEmpty { kept.roadName = second.roadName }
            return [kept]
        case (_, .roundabout), (_, .ferry), (_, .leaveFerry), (_, .leaveFerryLeft), (_, .leaveFerryRight), (_, .onRamp),
            (_, .offRamp), (_, .merge):
            return [Marker(index: first.index, maneuver: second.maneuver, exit: second.exit, roadName: second.roadName)]
        // At a fork the branch is the decision; a slight bend just before or after it is only the road's line,
        // and a direction taken across both could name the other branch ("slightly left" before "keep right").
        case (.slightLeft, .forkLeft), (.slightLeft, .forkRight), (.slightRight, .forkLeft), (.slightRight, .forkRight),
            (.continue, .forkLeft), (.continue, .forkRight):
            return [Marker(index: first.index, maneuver: second.maneuver, exit: nil, roadName: second.roadName)]
        case (.forkLeft, .slightLeft), (.forkLeft, .slightRight), (.forkLeft, .continue), (.forkRight, .slightLeft),
            (.forkRight, .slightRight), (.forkRight, .continue):
            return [Marker(index: first.index, maneuver: first.maneuver, exit: nil, roadName: second.roadName)]
        default:
            let before = bearing(ofArc: arcs[first.index - 1])
            let after = bearing(ofArc: arcs[second.index])
            guard let turn = Self.turn(Geodesy.bearingDifference(from: before, to: after)) else {
                let roadBefore = graph.roadName(ofWay: graph.way(ofSegment: arcs[first.index - 1] >> 1))
                let jogLength = cumulative[second.index] - cumulative[first.index]
                return roadBefore == second.roadName || jogLength < Self.shortestJog ? [] : nil
            }
            return [Marker(index: first.index, maneuver: turn, exit: nil, roadName: second.roadName)]
        }
    }
}
