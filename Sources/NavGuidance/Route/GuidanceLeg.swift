public import NavCore

/// The part of a route from one stop to the next destination.
///
/// Per-segment arrays describe the stretch between polyline point `i` and `i + 1`, so each has one
/// element fewer than ``coordinates``.
public struct GuidanceLeg: Hashable, Sendable {
    /// The leg's polyline, from the start of the leg to its destination.
    public let coordinates: [Coordinate]
    /// Free-flow speed of each segment in metres per second.
    public let freeFlowSpeeds: [Double]
    /// Legal speed limit of each segment in metres per second, `nil` where unknown.
    public let speedLimits: [Double?]
    /// Name of the road each segment belongs to (empty when unnamed).
    public let roadNames: [String]
    /// The leg's turn-by-turn steps in driving order.
    public let steps: [GuidanceStep]
    /// Where the leg ends.
    public let destination: GuidanceWaypoint

    /// Creates a leg after checking that its parts agree with each other.
    ///
    /// - Parameters:
    ///   - coordinates: At least two polyline points.
    ///   - freeFlowSpeeds: One positive speed (m/s) per segment.
    ///   - speedLimits: One limit (m/s) or `nil` per segment.
    ///   - roadNames: One name per segment.
    ///   - steps: Steps whose point ranges lie inside the polyline.
    ///   - destination: The waypoint the leg leads to.
    /// - Throws: ``GuidanceRouteError`` when the polyline is too short, a per-segment array has the
    ///   wrong length, a speed is not positive, or a step range falls outside the polyline.
    public init(
        coordinates: [Coordinate], freeFlowSpeeds: [Double], speedLimits: [Double?], roadNames: [String],
        steps: [GuidanceStep], destination: GuidanceWaypoint
    ) throws(GuidanceRouteError) {
        guard coordinates.count >= 2 else {
            throw GuidanceRouteError(code: "tooFewPoints", message: "a leg needs at least two polyline points")
        }
        let segments = coordinates.count - 1
        guard freeFlowSpeeds.count == segments, speedLimits.count == segments, roadNames.count == segments else {
            throw GuidanceRouteError(
                code: "segmentCountMismatch",
                message: "speeds, limits and road names need \(segments) entries, one per segment")
        }
        guard freeFlowSpeeds.allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw GuidanceRouteError(code: "invalidSpeed", message: "free-flow speeds must be positive")
        }
        for step in steps where step.startIndex < 0 || step.endIndex > segments || step.startIndex > step.endIndex {
            throw GuidanceRouteError(
                code: "invalidStepRange",
                message:
                    "step '\(step.instruction)' covers points \(step.startIndex)...\(step.endIndex) of \(segments + 1)")
        }
        self.coordinates = coordinates
        self.freeFlowSpeeds = freeFlowSpeeds
        self.speedLimits = speedLimits
        self.roadNames = roadNames
        self.steps = steps
        self.destination = destination
    }
}

extension GuidanceLeg: Codable {
    private enum CodingKeys: String, CodingKey {
        case coordinates, freeFlowSpeeds, speedLimits, roadNames, steps, destination
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            coordinates: container.decode([Coordinate].self, forKey: .coordinates),
            freeFlowSpeeds: container.decode([Double].self, forKey: .freeFlowSpeeds),
            speedLimits: container.decode([Double?].self, forKey: .speedLimits),
            roadNames: container.decode([String].self, forKey: .roadNames),
            steps: container.decode([GuidanceStep].self, forKey: .steps),
            destination: container.decode(GuidanceWaypoint.self, forKey: .destination))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(coordinates, forKey: .coordinates)
        try container.encode(freeFlowSpeeds, forKey: .freeFlowSpeeds)
        try container.encode(speedLimits, forKey: .speedLimits)
        try container.encode(roadNames, forKey: .roadNames)
        try container.encode(steps, forKey: .steps)
        try container.encode(destination, forKey: .destination)
    }
}
