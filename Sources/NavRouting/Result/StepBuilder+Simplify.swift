import NavCore
import NavMap

/// Joining maneuvers that are too close together to be driven, or announced, apart.
///
/// Crossing a dual carriageway passes two junctions a few metres apart, and a turn made through a slip
/// lane leaves the road once and joins the next one a little later; a driver makes one turn in both
/// cases and should hear one instruction. The joined maneuver takes the direction from the road before
/// the first to the road after the second, and the name of the road it leads onto.
extension StepBuilder {
    /// The shortest stretch between two maneuvers that a driver can still tell apart: about three seconds
    /// at town speed for motor vehicles, a few strides for walkers and cyclists.
    var shortestStep: Double {
        switch mode {
        case .driving, .taxi, .twoWheeler: 35
        case .cycling, .walking: 8
        }
    }

    /// The shortest jog (a turn and the opposite turn onto another street) kept as two maneuvers; shorter
    /// ones are one junction mapped as two nodes.
    static let shortestJog = 12.0

    /// The longest slip lane (a link between two ordinary roads) that is part of the turn it serves.
    static let longestTurnChannel = 120.0

    func simplified(_ markers: [Marker], arcs: [Int], cumulative: [Double]) -> [Marker] {
        var markers = markers
        let end = cumulative[cumulative.count - 1]
        // A maneuver in the last few metres is not worth making: the arrival says which side the
        // destination is on.
        while markers.count > 1, let last = markers.last, end - cumulative[last.index] < shortestStep {
            markers.removeLast()
        }
        // Setting off just before a maneuver: the departure already heads the way the maneuver leads.
        if markers.count > 1, cumulative[markers[1].index] < shortestStep,
            ![.roundabout, .ferry].contains(markers[1].maneuver)
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
                && ![.onRamp, .offRamp, .merge].contains(markers[k].maneuver)
            guard length < shortestStep || turnChannel else {
                k += 1
                continue
            }
            guard let one = joined(markers[k], markers[k + 1], arcs: arcs, cumulative: cumulative) else {
                k += 1
                continue
            }
            markers.replaceSubrange(k...(k + 1), with: one)
        }
        return markers
    }

    /// One marker for two close maneuvers, none when they cancel out into going straight on along the same
    /// road (crossing a median), or nil when they must stay apart: a jog left and right onto another street
    /// is two turns however close they are.
    private func joined(_ first: Marker, _ second: Marker, arcs: [Int], cumulative: [Double]) -> [Marker]? {
        switch (first.maneuver, second.maneuver) {
        case (.roundabout, _), (.ferry, _):
            var kept = first
            if !second.roadName.isEmpty { kept.roadName = second.roadName }
            return [kept]
        case (_, .roundabout), (_, .ferry), (_, .onRamp), (_, .offRamp), (_, .merge):
            return [Marker(index: first.index, maneuver: second.maneuver, exit: second.exit, roadName: second.roadName)]
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
