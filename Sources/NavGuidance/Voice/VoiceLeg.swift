import Foundation
import NavCore

/// A leg as the voice monitor follows it: where each maneuver is and what to say about it.
struct VoiceLeg: Hashable, Codable, Sendable {
    struct Maneuver: Hashable, Codable, Sendable {
        /// The step of the leg the maneuver starts.
        var stepIndex: Int
        /// Metres from the start of the leg to the maneuver.
        var distanceAlong: Double
        var spoken: SpokenManeuver
    }

    /// Setting off along the first step.
    var departure: SpokenManeuver
    /// The maneuvers after the departure, in order; the last is the arrival.
    var maneuvers: [Maneuver]

    /// Reads a leg: maneuver positions from the polyline (the same haversine distances the engine tracks
    /// progress with), the departure's compass point from its first segment, the arrival's side of the
    /// street from the last segment and the destination.
    init(_ leg: GuidanceLeg, isFinal: Bool) {
        var cumulative = [0.0]
        cumulative.reserveCapacity(leg.coordinates.count)
        for (a, b) in zip(leg.coordinates, leg.coordinates.dropFirst()) {
            cumulative.append(cumulative[cumulative.count - 1] + a.distance(to: b))
        }
        let firstRoad = leg.steps.first?.roadName ?? leg.roadNames.first ?? ""
        let heading = zip(leg.coordinates, leg.coordinates.dropFirst()).first { $0.distance(to: $1) > 0.5 }
            .map { $0.bearing(to: $1) } ?? 0
        departure = SpokenManeuver(action: .depart(compass: CompassPoint(bearing: heading)), road: firstRoad)
        let side = Self.side(of: leg)
        maneuvers = leg.spokenStepIndices.dropFirst().map { index in
            let step = leg.steps[index]
            var spoken = SpokenManeuver(step)
            if step.maneuver == .arrive { spoken.action = .arrive(side: side, isFinal: isFinal) }
            spoken.staysOnRoad = !step.roadName.isEmpty && step.roadName == leg.steps[index - 1].roadName
            let point = min(max(step.startIndex, 0), cumulative.count - 1)
            return Maneuver(stepIndex: index, distanceAlong: cumulative[point], spoken: spoken)
        }
        if leg.steps.last?.maneuver != .arrive {
            maneuvers.append(
                Maneuver(
                    stepIndex: leg.steps.count, distanceAlong: cumulative[cumulative.count - 1],
                    spoken: SpokenManeuver(action: .arrive(side: side, isFinal: isFinal), road: "")))
        }
    }

    /// Whether step `index` is the exit of the roundabout step before it: the roundabout's prompt already
    /// said which exit and onto which road ("At the roundabout, take the 2nd exit onto Kaivokatu"), and a
    /// second prompt on the ring, seconds later, would only crowd the driver. The exit stays a step of the
    /// route (the view moves on to it); the voice goes on to the maneuver after it.
    static func isHeardWithItsRoundabout(_ index: Int, of leg: GuidanceLeg) -> Bool {
        index > 0 && leg.steps.indices.contains(index) && leg.steps[index].maneuver == .exitRoundabout
            && leg.steps[index - 1].maneuver == .roundabout
    }

    /// Where the destination lies seen along the leg's last segment: left or right of the road, or nil
    /// when it is on the road itself (within 3 m) or the leg has no length.
    static func side(of leg: GuidanceLeg) -> StreetSide? {
        let points = leg.coordinates
        let end = points[points.count - 1]
        guard let start = points.dropLast().last(where: { $0.distance(to: end) > 0.5 }) else { return nil }
        let destination = Coordinate(latitude: leg.destination.latitude, longitude: leg.destination.longitude)
        guard end.distance(to: destination) > 3 else { return nil }
        // Local east/north metres around the end point; the sign of the cross product says the side.
        let scale = cos(end.latitude * .pi / 180)
        let roadEast = (end.longitude - start.longitude) * scale
        let roadNorth = end.latitude - start.latitude
        let toEast = (destination.longitude - end.longitude) * scale
        let toNorth = destination.latitude - end.latitude
        return roadEast * toNorth - roadNorth * toEast > 0 ? .left : .right
    }
}

extension GuidanceLeg {
    /// The steps the voice announces, in order: the departure and every step after it but a roundabout's exit,
    /// which the roundabout's own prompt names. A prompt's `stepIndex` is one of these, and each "then" in it
    /// names the next one.
    public var spokenStepIndices: [Int] {
        steps.indices.filter { !VoiceLeg.isHeardWithItsRoundabout($0, of: self) }
    }
}
